import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccessId, ConfigId, LocaleConfig, PomProduct } from '../../schemas/generated/config-types';
import { classifyHref } from '../../schemas/validator/link-safety';
import { chooseConfig } from './choose-config';
import { PAGE_KINDS, type CustomerView, type DistributorView, type PageKind, type ResolverContext } from './context';
import type { ShellModel } from './model';
import { PAGES } from './pages';
import { CONFIG_IDS, FLAG_IDS, loadConfig } from './__fixtures__/configs';
import {
  activeAccount,
  ALL_ACCESS,
  ALL_POM_PRODUCTS,
  companyCustomer,
  NOW,
  partnerDistributor,
  pendingCustomer,
  privateCustomer,
} from './__fixtures__/contexts';
import { factsOf, ruleHolds, rulesById } from './__fixtures__/rule-oracle';
import { resolve, subMenuItems } from './__fixtures__/shell';

const DISTRIBUTOR_IDS = [
  'dkb',
  'partner-co-brand',
  'legal-and-general',
  'mse-savings-hub',
  'askpaul',
  'fairstone',
  'other-bank',
];

const customerArb: fc.Arbitrary<CustomerView | undefined> = fc
  .record({
    kind: fc.constantFrom('none', 'private', 'company', 'pending'),
    distributorId: fc.option(fc.constantFrom(...DISTRIBUTOR_IDS), { nil: undefined }),
  })
  .map(({ kind, distributorId }) => {
    const extra = distributorId ? { distributorId } : {};
    if (kind === 'private') return privateCustomer(extra);
    if (kind === 'company') return companyCustomer(extra);
    if (kind === 'pending') return pendingCustomer(extra);
    return undefined;
  });

const distributorArb: fc.Arbitrary<DistributorView | undefined> = fc.option(
  fc.oneof(
    fc.constant(partnerDistributor()),
    fc.constantFrom(...DISTRIBUTOR_IDS).map((id) => ({ id })),
  ),
  { nil: undefined },
);

const contextArb: fc.Arbitrary<ResolverContext> = fc
  .record({
    locale: fc.constantFrom(...CONFIG_IDS),
    page: fc.constantFrom(...PAGE_KINDS),
    loggedIn: fc.boolean(),
    customer: customerArb,
    loading: fc.boolean(),
    access: fc.subarray([...ALL_ACCESS]),
    pomProducts: fc.subarray([...ALL_POM_PRODUCTS]),
    flags: fc.subarray([...FLAG_IDS]),
    distributor: distributorArb,
    restricted: fc.boolean(),
    switchable: fc.boolean(),
    hideCustomerBalance: fc.boolean(),
    accountState: fc.constantFrom('ACTIVE', 'SUSPENDED', 'CLOSED', 'INITIATED'),
  })
  .map((r): ResolverContext => ({
    locale: r.locale as ConfigId,
    page: r.page as PageKind,
    loggedIn: r.loggedIn,
    ...(r.loggedIn && r.customer
      ? { customer: r.customer, account: activeAccount({ state: r.accountState as 'ACTIVE' }) }
      : {}),
    isHeaderDataLoading: r.loggedIn && r.loading,
    access: new Set<AccessId>(r.access),
    pomProducts: new Set<PomProduct>(r.pomProducts),
    flags: new Set(r.flags),
    ...(r.distributor ? { distributor: r.distributor } : {}),
    restricted: r.restricted,
    ...(r.switchable ? { switchableAccounts: [{ customerId: 'cus-9', name: 'Other account' }] } : {}),
    hideCustomerBalance: r.hideCustomerBalance,
    currentPath: '',
    now: NOW,
  }));

function configFor(ctx: ResolverContext): LocaleConfig {
  const choice = chooseConfig(ctx.locale, ctx.page);
  if (!choice.ok) throw new Error(choice.message);
  return loadConfig(choice.configId);
}

/** Every visible item of the shell as [id, href?]. */
function visibleItems(model: ShellModel): { id: string; href?: string }[] {
  const h = model.header;
  return [
    ...h.navItems.flatMap((n) => [
      { id: n.id, href: n.link?.href },
      ...subMenuItems(n).map((i) => ({ id: i.id, href: i.link?.href })),
    ]),
    ...h.actionItems.map((a) => ({ id: a.id, href: a.link.href })),
    ...(h.customer?.accountMenu.items.map((i) => ({ id: i.id, href: i.link.href })) ?? []),
    ...(h.customer?.accountMenu.accountSwitch ? [{ id: 'account-switch' }] : []),
    ...(model.footer?.columns.flatMap((c) => [
      { id: c.id },
      ...c.links.map((l) => ({ id: l.id, href: l.link.href })),
    ]) ?? []),
    ...(model.footer?.legalLinks.map((l) => ({ id: l.id, href: l.link.href })) ?? []),
  ];
}

const RUNS = { numRuns: 400 };

describe('resolver properties over random flag, access and customer sets', () => {
  it('no visible item has a visibility rule that fails', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const config = configFor(ctx);
        const model = resolve(ctx);
        const rules = new Map([...rulesById(loadConfig('en')), ...rulesById(config)]);
        const facts = factsOf(ctx, config.locale);
        for (const item of visibleItems(model)) {
          const rule = rules.get(item.id);
          if (rule)
            expect(
              ruleHolds(rule, facts),
              `${config.locale} ${ctx.page}: ${item.id} is visible but ${JSON.stringify(rule)} fails`,
            ).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('every hidden item with a config rule really fails that rule', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const config = configFor(ctx);
        const model = resolve(ctx);
        const facts = factsOf(ctx, config.locale);
        for (const item of [...model.header.hidden, ...(model.footer?.hidden ?? [])]) {
          if (Object.keys(item.rule).length === 0 || item.reason === 'every entry of its dropdown is hidden') continue;
          expect(ruleHolds(item.rule, facts), `${item.id}: ${item.reason}`).toBe(false);
          expect(item.reason).not.toBe('');
        }
      }),
      RUNS,
    );
  });

  it('every nav item with a dropdown has at least one link', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        for (const nav of resolve(ctx).header.navItems) {
          if (nav.subMenu)
            expect(
              subMenuItems(nav).some((i) => i.link),
              nav.id,
            ).toBe(true);
          else expect(nav.link).toBeDefined();
        }
      }),
      RUNS,
    );
  });

  it('dropdowns show every entry whose rule holds (nothing is lost on the way)', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const config = configFor(ctx);
        const model = resolve(ctx);
        const facts = factsOf(ctx, config.locale);
        const menus = Object.values(config.header).filter(
          (m): m is { navItems?: NonNullable<LocaleConfig['header']['public']>['navItems'] } => !Array.isArray(m),
        );
        for (const nav of model.header.navItems) {
          const source = menus.flatMap((m) => m.navItems ?? []).find((n) => n.id === nav.id);
          const sub = source?.subMenus;
          if (!sub) continue;
          const expected = [...(sub.top ?? []), ...(sub.main ?? []), ...(sub.sidebar ?? []), ...(sub.bottom ?? [])]
            .filter((i) => !i.visibility || ruleHolds(i.visibility, facts))
            .map((i) => i.id);
          expect(subMenuItems(nav).map((i) => i.id)).toEqual(expected);
        }
      }),
      RUNS,
    );
  });

  it('every visible link is safe, and internal header links sit under the base path', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const config = configFor(ctx);
        const model = resolve(ctx);
        for (const { id, href } of visibleItems(model)) {
          if (href === undefined) continue;
          expect(['internal', 'external', 'anchor', 'contact'], `${id}: ${href}`).toContain(classifyHref(href));
          if (href.startsWith('/'))
            expect(href.toLowerCase().startsWith(`${config.basePath}/`), `${id}: ${href}`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('header invariants: loading, partner, hidden navigation, balance panel', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        const { header, footer } = resolve(ctx);
        if (header.loading) expect(header.navItems.length + (header.customer ? 1 : 0)).toBe(0);
        if (header.variant === 'partner') {
          expect(header.navItems).toEqual([]);
          expect(header.actionItems.every((a) => a.type === 'login')).toBe(true);
          expect(header.partnerLogo).toEqual(ctx.distributor?.logo);
        }
        if (PAGES[ctx.page].hideNavigation) expect(header.navItems).toEqual([]);
        expect(footer === undefined).toBe(PAGES[ctx.page].hideFooter);
        if (header.customer?.balance) {
          expect(header.type).toBe('private');
          if (ctx.account) expect(ctx.account.state).toBe('ACTIVE');
          else
            expect(header.customer.balance.kind === 'unavailable' && (ctx.balanceError || ctx.balanceMaintenance)).toBe(
              true,
            );
          expect(ctx.hideCustomerBalance).toBeFalsy();
        }
        if (header.customer?.accountMenu.reduced)
          expect(header.customer.accountMenu.items.length).toBeLessThanOrEqual(3);
        if (header.customer?.accountMenu.accountSwitch)
          expect(ctx.flags.has('accountSwitch') && (ctx.switchableAccounts?.length ?? 0) > 0).toBe(true);
      }),
      RUNS,
    );
  });

  it('resolving is pure: same input, same output; configs are never mutated (they are frozen)', () => {
    fc.assert(
      fc.property(contextArb, (ctx) => {
        expect(resolve(ctx)).toEqual(resolve(ctx));
      }),
      { numRuns: 100 },
    );
  });
});
