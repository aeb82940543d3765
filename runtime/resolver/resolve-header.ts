import type { HeaderMenu, LocaleConfig } from '../../schemas/generated/config-types';
import type { PageKind, ResolverContext } from './context';
import { imageSource, resolveLink, type LinkOptions } from './links';
import type { HeaderModel, HeaderType, HeaderVariant, ResolvedLogo } from './model';
import { PAGES } from './pages';
import { resolveHeaderCustomer } from './resolve-customer';
import { HiddenLog, resolveActionItems, resolveNavItems } from './resolve-menu';

export interface HeaderChoice {
  variant: HeaderVariant;
  type: HeaderType;
  menu?: HeaderMenu;
}

/** The header choice (docs/rules.md#header-choice), in priority order. */
export function chooseHeader(config: LocaleConfig, ctx: ResolverContext): HeaderChoice {
  const h = config.header;
  switch (ctx.page) {
    case 'country-selector':
      return h.countrySelector
        ? { variant: 'countrySelector', type: 'public', menu: h.countrySelector }
        : { variant: 'logoOnly', type: 'public' };
    case 'corporate':
      if (ctx.bankNavigation && h.bankNavigation)
        return { variant: 'bankNavigation', type: 'corporate', menu: h.bankNavigation };
      return h.corporate
        ? { variant: 'corporate', type: 'corporate', menu: h.corporate }
        : { variant: 'logoOnly', type: 'corporate' };
    case 'integrated':
      return { variant: 'integrated', type: 'integrated', ...(h.integrated ? { menu: h.integrated } : {}) };
    case 'login':
    case 'open-banking':
      return h.login ? { variant: 'login', type: 'public', menu: h.login } : { variant: 'logoOnly', type: 'public' };
    case 'register':
      return h.register
        ? { variant: 'register', type: 'public', menu: h.register }
        : { variant: 'logoOnly', type: 'public' };
    default:
      break;
  }
  if (ctx.loggedIn) {
    // Logged in without customer data yet: logo only, unless it is still loading (skeletons).
    if (ctx.customer || ctx.isHeaderDataLoading)
      return { variant: 'private', type: 'private', ...(h.private ? { menu: h.private } : {}) };
    return { variant: 'logoOnly', type: 'private' };
  }
  if (ctx.distributor?.logo) return { variant: 'partner', type: 'public', ...(h.public ? { menu: h.public } : {}) };
  // A locale with no public menu gets an empty header: the logo and nothing else (plain en is this case).
  return h.public ? { variant: 'public', type: 'public', menu: h.public } : { variant: 'logoOnly', type: 'public' };
}

/** Whether a header shows its navigation: not on pages that hide it, not for partner visitors, not on the integrated page. */
export function showsNavigation(choice: HeaderChoice, page: PageKind): boolean {
  return !PAGES[page].hideNavigation && choice.variant !== 'partner' && choice.variant !== 'integrated';
}

export function resolveHeader(
  config: LocaleConfig,
  fallback: LocaleConfig | undefined,
  ctx: ResolverContext,
  log: HiddenLog,
): HeaderModel {
  const links: LinkOptions = { basePath: config.basePath, currentPath: ctx.currentPath };
  const choice = chooseHeader(config, ctx);
  const location = `header.${choice.variant}`;
  const strings = config.strings.header;
  const logoItems: ResolvedLogo[] = [];
  for (const logo of config.header.logoItems) {
    const link = resolveLink(logo.href, links);
    const url = imageSource(logo.url);
    if (link && url) logoItems.push({ id: logo.id, link, url, alt: logo.alt });
  }
  const loading = choice.type === 'private' && choice.variant === 'private' && !!ctx.isHeaderDataLoading;
  const showNavigation = showsNavigation(choice, ctx.page);
  const navItems =
    showNavigation && choice.menu && !loading ? resolveNavItems(choice.menu.navItems ?? [], links, log, location) : [];
  if (!showNavigation) {
    // Record what the page or the partner rule hides, so the preview can say why (docs/rules.md#visibility-rules).
    const reason =
      choice.variant === 'partner'
        ? 'a partner-referred visitor sees no navigation'
        : `the ${ctx.page} page hides the main navigation`;
    const code = choice.variant === 'partner' ? 'partner-hides-navigation' : 'page-hides-navigation';
    for (const item of choice.menu?.navItems ?? []) if (item) log.hide(item, location, code, reason);
  }
  let actionItems = choice.menu ? resolveActionItems(choice.menu, links, log, location) : [];
  let partnerLogo: HeaderModel['partnerLogo'];
  if (choice.variant === 'partner') {
    // Partner-referred visitors see only the login action and the partner's logo.
    for (const a of actionItems)
      if (a.type !== 'login')
        log.hide(a, location, 'partner-login-only', 'a partner-referred visitor gets only the login action');
    actionItems = actionItems.filter((a) => a.type === 'login');
    const logo = ctx.distributor?.logo;
    const url = imageSource(logo?.url);
    if (logo && url) partnerLogo = { url, alt: logo.alt };
  } else if (choice.variant === 'integrated' && ctx.loggedIn) {
    // The integrated page is for visitors and customers alike; someone logged in is not offered login or registration.
    for (const a of actionItems)
      log.hide(a, location, 'logged-in-no-login', 'a logged-in customer is not offered login or registration');
    actionItems = [];
  } else if (choice.variant === 'register' && ctx.regflow) {
    const flow = config.registerFlows?.find((f) => f.regflow === ctx.regflow);
    const url = imageSource(flow?.logo.url);
    if (flow && url) partnerLogo = { url, alt: flow.logo.alt };
  }
  const customer =
    choice.variant === 'private' && !loading
      ? resolveHeaderCustomer(
          ctx,
          config.accountMenu ?? fallback?.accountMenu,
          strings,
          links,
          log,
          config.locale,
          config.currency ?? 'EUR',
        )
      : undefined;
  return {
    type: choice.type,
    variant: choice.variant,
    configId: config.locale,
    page: ctx.page,
    logoItems,
    ...(partnerLogo ? { partnerLogo } : {}),
    navItems,
    actionItems,
    actionBarPosition: choice.type === 'integrated' ? 'top' : 'bottom',
    loading,
    ...(customer ? { customer } : {}),
    strings,
    hidden: log.items,
  };
}
