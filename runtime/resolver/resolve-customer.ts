import type { AccountMenu, LocaleConfig } from '../../schemas/generated/config-types';
import type { ResolverContext } from './context';
import { formatAccountNumber, formatMoney, initials } from './display';
import { resolveLink, type LinkOptions } from './links';
import type { AccountIdentifier, BalancePanel, HeaderCustomerModel, ResolvedAccountMenu } from './model';
import type { HiddenLog } from './resolve-menu';

type HeaderStrings = LocaleConfig['strings']['header'];

/** docs/rules.md#account-menu: the reduced list serves restricted customers and customers pending activation. */
export function usesReducedMenu(ctx: ResolverContext): boolean {
  return !!ctx.restricted || !!ctx.customer?.isPendingActivation;
}

export function resolveAccountMenu(
  menu: AccountMenu,
  ctx: ResolverContext,
  links: LinkOptions,
  log: HiddenLog,
): ResolvedAccountMenu {
  const reduced = usesReducedMenu(ctx);
  const keep = reduced ? new Set(menu.reducedItemIds) : undefined;
  const items: ResolvedAccountMenu['items'] = [];
  const candidates = [...menu.items, ...(ctx.customer?.isCompanyCustomer && !reduced ? (menu.companyItems ?? []) : [])];
  for (const item of candidates) {
    if (!item) continue;
    if (keep && !keep.has(item.id)) {
      log.hide(
        item,
        'account menu',
        'reduced-account-menu',
        ctx.restricted ? 'reduced list for a restricted customer' : 'reduced list while activation is pending',
      );
      continue;
    }
    if (!log.visible(item, 'account menu')) continue;
    const link = resolveLink(item.href, links);
    if (!link) {
      log.unsafe(item, 'account menu');
      continue;
    }
    items.push({ id: item.id, title: item.title, link, ...(item.icon ? { icon: item.icon } : {}) });
  }
  const out: ResolvedAccountMenu = { items, reduced };
  const switchable = ctx.switchableAccounts ?? [];
  if (
    menu.accountSwitch &&
    log.visible(
      { id: 'account-switch', title: menu.accountSwitch.title, visibility: menu.accountSwitch.visibility },
      'account menu',
    ) &&
    switchable.length > 0
  ) {
    out.accountSwitch = { title: menu.accountSwitch.title, accounts: switchable };
  }
  return out;
}

/**
 * docs/rules.md#customer-panel: the balance panel shows for private + ACTIVE unless hidden. Pending activation shows a zero
 * total and the current balance as available. Maintenance and fetch errors show a titled tooltip instead.
 */
export function resolveBalance(
  ctx: ResolverContext,
  strings: HeaderStrings,
  locale: string,
  currency: string,
): BalancePanel | undefined {
  const account = ctx.account;
  if (ctx.hideCustomerBalance) return undefined;
  const maintenance: BalancePanel = {
    kind: 'unavailable',
    title: strings.maintenanceTitle,
    tooltip: strings.maintenanceTooltip,
    reason: 'maintenance',
  };
  const error: BalancePanel = {
    kind: 'unavailable',
    title: strings.balanceNotAvailableTitle,
    tooltip: strings.balanceNotAvailableTooltip,
    reason: 'error',
  };
  // docs/rules.md#customer-panel: when the account calls fail there is no account to ask, but the customer still gets the
  // not-available panel instead of a silently missing one.
  if (!account) return ctx.balanceMaintenance ? maintenance : ctx.balanceError ? error : undefined;
  if (account.state !== 'ACTIVE') return undefined;
  if (account.isMaintenance || ctx.balanceMaintenance) return maintenance;
  // The list's account has no balance until the balance call answers: not an error yet (docs/rules.md#customer-panel).
  if (ctx.balanceLoading && !ctx.balanceError && !account.balance)
    return { kind: 'loading', totalLabel: strings.totalBalance, availableLabel: strings.availableBalance };
  if (ctx.balanceError || !account.balance) return error;
  const code = account.currencyCode || currency;
  const pending = !!ctx.customer?.isPendingActivation;
  const total = pending ? 0 : account.balance.current;
  const available = pending ? account.balance.current : account.balance.available;
  const figure = (label: string, amount: number) => ({
    label,
    amount,
    formatted: formatMoney(amount, locale, code),
    isNegative: amount < 0,
  });
  return {
    kind: 'figures',
    total: figure(strings.totalBalance, total),
    available: figure(strings.availableBalance, available),
  };
}

function identifiers(ctx: ResolverContext, strings: HeaderStrings): AccountIdentifier[] {
  const out: AccountIdentifier[] = [];
  const account = ctx.account;
  if (account?.iban) {
    const { display, copyValue } = formatAccountNumber(account.iban);
    out.push({ id: 'iban', label: 'IBAN', display, copyValue });
  } else if (account?.accountNumber) {
    const { display, copyValue } = formatAccountNumber(account.accountNumber);
    out.push({ id: 'account-number', label: strings.accountNumber, display, copyValue });
  }
  if (account?.sortCode)
    out.push({
      id: 'sort-code',
      label: strings.sortCode,
      display: account.sortCode,
      copyValue: account.sortCode.replace(/\D/g, ''),
    });
  if (ctx.customer)
    out.push({
      id: 'customer-number',
      label: strings.customerNumber,
      display: ctx.customer.bacNumber,
      copyValue: ctx.customer.bacNumber,
    });
  return out;
}

export function resolveHeaderCustomer(
  ctx: ResolverContext,
  menu: AccountMenu | undefined,
  strings: HeaderStrings,
  links: LinkOptions,
  log: HiddenLog,
  locale: string,
  currency: string,
): HeaderCustomerModel | undefined {
  const customer = ctx.customer;
  if (!customer) return undefined;
  const displayName = customer.isCompanyCustomer
    ? customer.fullName
    : `${customer.firstName} ${customer.lastName}`.trim();
  const unreadCount = ctx.unreadCount ?? 0;
  const balance = resolveBalance(ctx, strings, locale, currency);
  return {
    displayName,
    fullName: customer.fullName,
    initials: initials(displayName),
    ...(ctx.account ? { state: ctx.account.state } : {}),
    identifiers: identifiers(ctx, strings),
    showUnreadMessage: unreadCount > 0,
    unreadCount,
    isPendingActivation: customer.isPendingActivation,
    isCompanyCustomer: customer.isCompanyCustomer,
    ...(customer.distributorId ? { distributorId: customer.distributorId } : {}),
    accountMenu: menu ? resolveAccountMenu(menu, ctx, links, log) : { items: [], reduced: usesReducedMenu(ctx) },
    ...(balance ? { balance } : {}),
  };
}
