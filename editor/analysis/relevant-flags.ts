import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import { chooseHeader, PAGES, showsNavigation, usesReducedMenu, type ResolverContext } from '../../runtime/resolver';
import { flagsInMenu, flagsInRule, HEADER_SECTIONS } from './items';

/**
 * Flags the resolver reads in code (not through rules) that change what is visible. designV2 and footerV2
 * switch layouts only, so they are not here. Keep in step with runtime/resolver (resolve-footer.ts).
 */
export const CODE_VISIBILITY_FLAGS: Readonly<Record<string, { part: 'header' | 'footer'; effect: string }>> = {
  hideFooterLinks: { part: 'footer', effect: 'hides the footer link columns (resolve-footer.ts)' },
};
const codeFlags = (part: 'header' | 'footer') =>
  Object.keys(CODE_VISIBILITY_FLAGS).filter((f) => CODE_VISIBILITY_FLAGS[f]!.part === part);
const CODE_HEADER_FLAGS = codeFlags('header');
const CODE_FOOTER_FLAGS = codeFlags('footer');

export interface FlagSources {
  config: LocaleConfig;
  /** The en config whose account menu serves locales without one. */
  fallback?: LocaleConfig;
  markets: readonly MarketEntry[];
}

const sorted = (set: Set<string>) => [...set].sort();

/** Every flag that can change visibility anywhere in this locale's shell: the editor matrix's columns. */
export function documentFlags({ config, fallback, markets }: FlagSources): string[] {
  const flags = new Set<string>(CODE_HEADER_FLAGS);
  for (const section of HEADER_SECTIONS) flagsInMenu(config.header[section], { nav: true, actions: true }, flags);
  const menu = config.accountMenu ?? fallback?.accountMenu;
  for (const item of [...(menu?.items ?? []), ...(menu?.companyItems ?? [])]) flagsInRule(item?.visibility, flags);
  flagsInRule(menu?.accountSwitch?.visibility, flags);
  addFooterFlags(config, markets, true, flags);
  return sorted(flags);
}

/** The flags that can change a view, split by the part of the shell whose rules name them. */
export interface ScopeFlags {
  /** Flags of the chosen header menu and, for a customer, the account menu. */
  header: string[];
  /** Flags of the footer: columns and their links, legal links, market entries, and hideFooterLinks. */
  footer: string[];
}

/**
 * The flags that can change visibility for one persona on one page: only the rules of the sections that
 * view renders count (the chosen header menu, the account menu of a customer, the footer unless the page
 * hides it). Every combination of these is resolved; the other flags cannot change what this view shows.
 */
export function scopeFlagParts({ config, fallback, markets }: FlagSources, ctx: ResolverContext): ScopeFlags {
  const header = new Set<string>(CODE_HEADER_FLAGS);
  const page = PAGES[ctx.page];
  const choice = chooseHeader(config, ctx);
  const loading = choice.variant === 'private' && !!ctx.isHeaderDataLoading;
  const showNavigation = showsNavigation(choice, ctx.page) && !loading;
  flagsInMenu(choice.menu, { nav: showNavigation, actions: true }, header);
  if (choice.variant === 'private' && ctx.customer && !loading) {
    const menu = config.accountMenu ?? fallback?.accountMenu;
    const reduced = usesReducedMenu(ctx);
    const keep = reduced ? new Set(menu?.reducedItemIds ?? []) : undefined;
    for (const item of menu?.items ?? [])
      if (item && (!keep || keep.has(item.id))) flagsInRule(item.visibility, header);
    if (ctx.customer.isCompanyCustomer && !reduced)
      for (const item of menu?.companyItems ?? []) flagsInRule(item?.visibility, header);
    if ((ctx.switchableAccounts ?? []).length > 0) flagsInRule(menu?.accountSwitch?.visibility, header);
  }
  const footer = new Set<string>();
  if (!page.hideFooter) addFooterFlags(config, markets, ctx.page !== 'country-selector', footer);
  return { header: sorted(header), footer: sorted(footer) };
}

/** scopeFlagParts, as one sorted list. */
export function scopeFlags(sources: FlagSources, ctx: ResolverContext): string[] {
  const { header, footer } = scopeFlagParts(sources, ctx);
  return sorted(new Set([...header, ...footer]));
}

function addFooterFlags(
  config: LocaleConfig,
  markets: readonly MarketEntry[],
  notSpecialMode: boolean,
  flags: Set<string>,
): void {
  const footer = config.footer;
  // The country selector page hides the columns and the picker whatever the flags say.
  if (notSpecialMode && footer.columns.length > 0) {
    for (const flag of CODE_FOOTER_FLAGS) flags.add(flag);
    for (const column of footer.columns) {
      if (!column) continue;
      flagsInRule(column.visibility, flags);
      for (const link of column.links) flagsInRule(link?.visibility, flags);
    }
  }
  for (const link of footer.legalLinks) flagsInRule(link?.visibility, flags);
  if (notSpecialMode && !footer.hideCountryPicker) for (const market of markets) flagsInRule(market.visibility, flags);
}
