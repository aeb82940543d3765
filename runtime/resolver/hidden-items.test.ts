import { describe, expect, it } from 'vitest';
import type { ConfigId } from '../../schemas/generated/config-types';
import type { PageKind } from './context';
import type { HiddenItem } from './model';
import { CONFIG_IDS, loadConfig, MARKET_LOCALES } from './__fixtures__/configs';
import { loggedIn, partnerDistributor, privateCustomer, visitor } from './__fixtures__/contexts';
import { factsOf, ruleHolds, ruleNames, rulesById } from './__fixtures__/rule-oracle';
import { resolve } from './__fixtures__/shell';

/** A customer with no access, no product data and no flags: the most items a rule can hide. */
const bare = (locale: ConfigId) =>
  loggedIn(locale, { customer: privateCustomer({ distributorId: 'partner-co-brand' }) });

function allHidden(locale: ConfigId, ctx = bare(locale)): HiddenItem[] {
  const model = resolve(ctx);
  return [...model.header.hidden, ...(model.footer?.hidden ?? [])];
}

describe('hidden items say which rule hid them', () => {
  it.each(CONFIG_IDS)(
    '%s: every rule-hidden item names a flag, access, product or distributor of its rule',
    (locale) => {
      for (const item of allHidden(locale)) {
        const names = ruleNames(item.rule);
        if (names.length === 0) continue; // not a config rule (reduced list, empty dropdown, unsafe link): checked below
        expect(
          names.some((name) => item.reason.includes(name)),
          `${item.id}: "${item.reason}" names none of ${names.join(', ')}`,
        ).toBe(true);
      }
    },
  );

  it.each(CONFIG_IDS)('%s: every recorded rule really fails in that context', (locale) => {
    const ctx = bare(locale);
    const facts = factsOf(ctx, resolve(ctx).header.configId);
    for (const item of allHidden(locale, ctx))
      if (ruleNames(item.rule).length > 0 && item.reason !== 'every entry of its dropdown is hidden')
        expect(ruleHolds(item.rule, facts), item.id).toBe(false);
  });

  it.each(MARKET_LOCALES)(
    '%s: every private-menu item whose rule fails is recorded (unless its whole dropdown was)',
    (locale) => {
      const ctx = bare(locale);
      const config = loadConfig(locale);
      const facts = factsOf(ctx, locale);
      const hidden = new Set(resolve(ctx).header.hidden.map((h) => h.id));
      for (const nav of config.header.private?.navItems ?? []) {
        if (nav.visibility && !ruleHolds(nav.visibility, facts)) {
          expect(hidden.has(nav.id), nav.id).toBe(true);
          continue;
        }
        const children = [
          ...(nav.subMenus?.top ?? []),
          ...(nav.subMenus?.main ?? []),
          ...(nav.subMenus?.sidebar ?? []),
          ...(nav.subMenus?.bottom ?? []),
        ];
        for (const child of children)
          if (child.visibility && !ruleHolds(child.visibility, facts))
            expect(hidden.has(child.id), child.id).toBe(true);
      }
    },
  );

  it('each hidden item carries where it lived', () => {
    const item = allHidden('de-DE').find((h) => h.id === 'meine-altersvorsorge');
    expect(item).toMatchObject({
      title: 'Altersvorsorge',
      location: 'header.private › Anlegen',
      rule: { pomProduct: 'pension' },
      reason: 'needs pension product "pension"',
    });
  });

  it('the rules ids map covers every hidden id of the shipped configs', () => {
    for (const locale of CONFIG_IDS) {
      // en-US has no account menu of its own, so it uses the en list (docs/rules.md#account-menu).
      const known = new Map([...rulesById(loadConfig('en')), ...rulesById(loadConfig(locale))]);
      for (const item of allHidden(locale)) expect(known.has(item.id), `${locale} ${item.id}`).toBe(true);
    }
  });
});

describe('items hidden by the page and partner rules rather than config rules are recorded too', () => {
  it.each(MARKET_LOCALES)(
    '%s partner-referred visitor: navigation and registration are recorded as hidden for the partner',
    (locale) => {
      const model = resolve(visitor(locale, { distributor: partnerDistributor() })).header;
      const menu = loadConfig(locale).header.public!;
      const recorded = model.hidden.filter((h) => /partner/i.test(h.reason)).map((h) => h.id);
      expect(recorded).toEqual(expect.arrayContaining(menu.navItems!.map((n) => n.id)));
      expect(recorded).toEqual(
        expect.arrayContaining(menu.actionItems!.filter((a) => a.type === 'registration').map((a) => a.id)),
      );
      expect(recorded).not.toEqual(
        expect.arrayContaining(menu.actionItems!.filter((a) => a.type === 'login').map((a) => a.id)),
      );
    },
  );

  it.each(['cdvc', 'financial-info', 'reference-account'] as PageKind[])(
    'the %s page records the navigation it hides',
    (page) => {
      const model = resolve(loggedIn('de-DE', { page })).header;
      const recorded = model.hidden.filter((h) => h.reason.includes(page)).map((h) => h.id);
      expect(recorded).toEqual(loadConfig('de-DE').header.private!.navItems!.map((n) => n.id));
    },
  );

  it('a visible page records nothing for the page', () => {
    expect(resolve(loggedIn('de-DE')).header.hidden.filter((h) => /hides the main navigation/.test(h.reason))).toEqual(
      [],
    );
  });
});
