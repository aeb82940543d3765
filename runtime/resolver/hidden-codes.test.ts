import { describe, expect, it } from 'vitest';
import type { AccessId, PomProduct, Rule } from '../../schemas/generated/config-types';
import { editableConfig } from './__fixtures__/configs';
import { loggedIn, partnerDistributor, pendingCustomer, visitor } from './__fixtures__/contexts';
import { footer, header, resolve } from './__fixtures__/shell';
import type { HiddenCode, HiddenItem } from './index';
import { failedCondition, type RuleContext } from './rules';

/** Nothing held, nothing on: every condition below fails unless it is negated. */
const nobody: RuleContext = {
  access: new Set<AccessId>(),
  flags: new Set(),
  pomProducts: new Set<PomProduct>(),
  locale: 'de-DE',
};

describe('failedCondition: the kind of condition that hid an item', () => {
  it.each<[string, Rule, HiddenCode]>([
    ['a flag', { flag: 'designV2' }, 'flag'],
    ['an access id', { access: 'hasDWMProduct' }, 'access'],
    ['a customer type', { customerType: 'company' }, 'customer-type'],
    ['pending activation', { pendingActivation: true }, 'pending-activation'],
    ['a distributor list', { distributor: { in: ['partner-co-brand'] } }, 'distributor'],
    ['a pension product', { pomProduct: 'pension' }, 'pom-product'],
    ['a locale list', { locale: ['fr-FR'] }, 'locale'],
    ['a negated condition that holds', { not: { pendingActivation: false } }, 'pending-activation'],
    [
      'an all whose only failing part is a flag',
      { all: [{ not: { flag: 'designV2' } }, { flag: 'footerV2' }] },
      'flag',
    ],
    [
      'an all failing on a flag and an access id',
      { all: [{ flag: 'footerV2' }, { access: 'hasDWMProduct' }] },
      'rules',
    ],
    ['an any of two flags', { any: [{ flag: 'designV2' }, { flag: 'footerV2' }] }, 'flag'],
    ['an any of a flag and a product', { any: [{ flag: 'designV2' }, { pomProduct: 'dwm' }] }, 'rules'],
    ['a negated any of locales', { not: { any: [{ locale: ['de-DE'] }, { locale: ['de-AT'] }] } }, 'locale'],
  ])('%s', (_, rule, code) => {
    expect(failedCondition(rule, nobody)).toBe(code);
  });
});

const codeOf = (hidden: readonly HiddenItem[], id: string) => hidden.find((h) => h.id === id)?.code;

describe('every record of the hidden log carries a code', () => {
  it('a rule-hidden item: the kind of its failing condition, with the reason kept', () => {
    const config = editableConfig('de-DE');
    const nav = config.header.public!.navItems![0]!;
    nav.visibility = { access: 'hasDWMProduct' };
    const hidden = header(visitor('de-DE'), config).hidden.find((h) => h.id === nav.id);
    expect(hidden).toMatchObject({
      code: 'access',
      reason: 'needs access "hasDWMProduct"',
      rule: { access: 'hasDWMProduct' },
    });
  });

  it('an unsafe link', () => {
    const config = editableConfig('de-DE');
    const action = config.header.public!.actionItems![0]!;
    action.href = 'javascript:alert(1)';
    expect(codeOf(header(visitor('de-DE'), config).hidden, action.id)).toBe('unsafe-link');
  });

  it('a dropdown left without links', () => {
    const config = editableConfig('de-DE');
    const nav = config.header.public!.navItems!.find((n) => n.subMenus)!;
    for (const list of ['top', 'main', 'sidebar', 'bottom'] as const)
      for (const item of nav.subMenus![list] ?? []) item.visibility = { flag: 'designV2' };
    expect(codeOf(header(visitor('de-DE'), config).hidden, nav.id)).toBe('empty-dropdown');
  });

  it('navigation the page hides, and navigation and registration a partner visitor does not get', () => {
    const page = header(loggedIn('de-DE', { page: 'cdvc' })).hidden.filter((h) => h.reason.includes('cdvc'));
    expect(page.length).toBeGreaterThan(0);
    expect(new Set(page.map((h) => h.code))).toEqual(new Set(['page-hides-navigation']));
    const partner = header(visitor('de-DE', { distributor: partnerDistributor() })).hidden;
    expect(new Set(partner.map((h) => h.code))).toEqual(new Set(['partner-hides-navigation', 'partner-login-only']));
  });

  it('login and registration a logged-in customer on the integrated page is not offered', () => {
    const hidden = header(loggedIn('de-DE', { page: 'integrated' })).hidden.filter((h) =>
      /logged-in customer/.test(h.reason),
    );
    expect(hidden.length).toBeGreaterThan(0);
    expect(new Set(hidden.map((h) => h.code))).toEqual(new Set(['logged-in-no-login']));
  });

  it('account-menu entries the reduced list leaves out', () => {
    const hidden = header(loggedIn('de-DE', { customer: pendingCustomer() })).hidden.filter((h) =>
      /reduced list/.test(h.reason),
    );
    expect(hidden.length).toBeGreaterThan(0);
    expect(new Set(hidden.map((h) => h.code))).toEqual(new Set(['reduced-account-menu']));
  });

  it('footer columns hidden by the country selector page and by hideFooterLinks', () => {
    expect(new Set(footer(visitor('en', { page: 'country-selector' })).hidden.map((h) => h.code))).toEqual(
      new Set(['page-hides-footer-columns']),
    );
    const flagged = footer(visitor('de-DE', { flags: ['hideFooterLinks'] })).hidden.filter(
      (h) => h.location === 'footer',
    );
    expect(flagged.length).toBeGreaterThan(0);
    expect(new Set(flagged.map((h) => h.code))).toEqual(new Set(['flag']));
  });

  it('a whole shell: no record without a code', () => {
    const model = resolve(loggedIn('de-DE', { customer: pendingCustomer(), page: 'cdvc' }));
    const hidden = [...model.header.hidden, ...(model.footer?.hidden ?? [])];
    expect(hidden.length).toBeGreaterThan(0);
    for (const item of hidden) expect(item.code, item.id).toEqual(expect.any(String));
  });
});
