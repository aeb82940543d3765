import type { ConfigId, Header, Icon, LocaleConfig, MenuItem, SubMenu } from '../../schemas/generated/config-types';
import type { Rule } from '../../schemas/generated/config-types';
import type { AccountState, PageKind } from './context';

export type HeaderType = 'public' | 'private' | 'integrated' | 'corporate';

/** Which config section produced the header; logo-only and empty are the degraded variants (docs/rules.md#header-choice). */
export type HeaderVariant = HeaderSection | 'logoOnly' | 'partner';
/** A menu section of the config's header, as the schema lists them (everything but the logos). */
export type HeaderSection = Exclude<keyof Header, 'logoItems'>;

/**
 * The condition of a visibility rule that hid an item: the rule key that failed (`customer-type` for
 * customerType, `pending-activation` for pendingActivation, `pom-product` for pomProduct), or `rules` when the
 * failing parts of an all/any/not are of several kinds.
 */
export type RuleConditionCode =
  'access' | 'flag' | 'customer-type' | 'pending-activation' | 'distributor' | 'pom-product' | 'locale' | 'rules';

/** Why the resolver left an item out, for programs; `reason` says the same to people. */
export type HiddenCode =
  | RuleConditionCode
  /** Its link is unsafe or malformed (links.ts). */
  | 'unsafe-link'
  /** A nav item whose dropdown kept no link. */
  | 'empty-dropdown'
  /** The page hides the main navigation (pages.ts: hideNavigation). */
  | 'page-hides-navigation'
  /** A partner-referred visitor sees no navigation. */
  | 'partner-hides-navigation'
  /** A partner-referred visitor gets only the login action. */
  | 'partner-login-only'
  /** A logged-in customer on the integrated page is not offered login or registration. */
  | 'logged-in-no-login'
  /** Restricted customers and customers pending activation get the reduced account menu. */
  | 'reduced-account-menu'
  /** The country selector page hides the footer's link columns. */
  | 'page-hides-footer-columns';

export interface HiddenItem {
  id: string;
  title: string;
  /** Where the item lives, e.g. header.private › Angebote. */
  location: string;
  rule: Rule;
  code: HiddenCode;
  /** Plain-language reason, e.g. `needs flag "paymentMethodScreens" (off)`. */
  reason: string;
}

export interface ResolvedLink {
  /** Final href: base path applied, unsafe schemes removed (then undefined and the item is dropped). */
  href: string;
  external: boolean;
  active: boolean;
}

/**
 * A submenu item after resolving, one type per config item type (derived from the generated MenuItem union,
 * so a new item type in the schema is a new member here). The rule has been applied and `visibility` is gone;
 * a checked `link` replaces `href`, present whenever the schema requires an href (an item whose href fails the
 * link check is hidden, docs/rules.md#links); the optional texts, and an image that fails the image check,
 * are left out rather than empty.
 */
export type ResolvedMenuItem = {
  [T in MenuItem['type']]: ResolvedItem<Extract<MenuItem, { type: T }>>;
}[MenuItem['type']];
/** The resolved item of one type: what its header item component receives. */
export type ResolvedItemOf<T extends MenuItem['type']> = Extract<ResolvedMenuItem, { type: T }>;

type ItemIdentity = 'id' | 'type' | 'title';
/** Every key some item type has (distributive: the union of each member's keys). */
type AnyItemKey = MenuItem extends infer U ? (U extends unknown ? keyof U : never) : never;
type ResolvedItem<I extends MenuItem> = Pick<I, ItemIdentity> &
  Partial<Omit<I, ItemIdentity | 'href' | 'visibility'>> &
  ResolvedLinkOf<I> &
  AbsentKeys<I>;
type ResolvedLinkOf<I> = 'href' extends keyof I
  ? undefined extends I['href' & keyof I]
    ? { link?: ResolvedLink }
    : { link: ResolvedLink }
  : { link?: never };
/** The other types' fields, as never: code over any item may read `item.groupName` or `item.link` and get undefined, but no type can carry a field its schema lacks. */
type AbsentKeys<I> = { [K in Exclude<AnyItemKey, keyof I | 'href' | 'visibility'>]?: never };

/** The submenu's lists, in the order the schema's SubMenu declares them. */
export type SubMenuList = Exclude<keyof SubMenu, 'layout'>;

/** Every list the schema's SubMenu has, always present (empty when the config has none or rules hid all). */
export type ResolvedSubMenu = { layout: 'default' | 'even' } & { [L in SubMenuList]: ResolvedMenuItem[] };

export interface ResolvedNavItem {
  id: string;
  title: string;
  link?: ResolvedLink;
  subMenu?: ResolvedSubMenu;
  enableBadge: boolean;
  /** True when the current page is this item or one of its children. */
  active: boolean;
}

export interface ResolvedActionItem {
  id: string;
  title: string;
  type: 'login' | 'registration';
  link: ResolvedLink;
  callback?: string;
}

export interface ResolvedLogo {
  id: string;
  link: ResolvedLink;
  url: string;
  alt: string;
}

export interface AccountIdentifier {
  id: 'iban' | 'account-number' | 'sort-code' | 'customer-number';
  label: string;
  /** Grouped for display (IBAN in blocks of four when valid). */
  display: string;
  /** Compact form for the clipboard. */
  copyValue: string;
}

export interface BalanceFigure {
  label: string;
  amount: number;
  formatted: string;
  isNegative: boolean;
}

export type BalancePanel =
  | { kind: 'figures'; total: BalanceFigure; available: BalanceFigure }
  /** The balance call is still out: the figures' labels, with placeholders where the amounts will be. */
  | { kind: 'loading'; totalLabel: string; availableLabel: string }
  | { kind: 'unavailable'; title: string; tooltip: string; reason: 'maintenance' | 'error' };

export interface ResolvedAccountMenu {
  items: { id: string; title: string; link: ResolvedLink; icon?: Icon }[];
  reduced: boolean;
  accountSwitch?: { title: string; accounts: { customerId: string; name: string }[] };
}

export interface HeaderCustomerModel {
  displayName: string;
  fullName: string;
  initials: string;
  state?: AccountState;
  identifiers: AccountIdentifier[];
  showUnreadMessage: boolean;
  unreadCount: number;
  isPendingActivation: boolean;
  isCompanyCustomer: boolean;
  distributorId?: string;
  accountMenu: ResolvedAccountMenu;
  /** Present only for private + ACTIVE and not hidden (docs/rules.md#customer-panel). */
  balance?: BalancePanel;
}

export interface HeaderModel {
  type: HeaderType;
  variant: HeaderVariant;
  /** The config whose header is shown (en-US when an unknown login locale fell back). */
  configId: ConfigId;
  page: PageKind;
  logoItems: ResolvedLogo[];
  partnerLogo?: { url: string; alt: string };
  navItems: ResolvedNavItem[];
  actionItems: ResolvedActionItem[];
  /** Integrated pages place their action bar at the top on small screens. */
  actionBarPosition: 'bottom' | 'top';
  /** Private header data is loading: skeletons (4 columns) instead of navigation and avatar. */
  loading: boolean;
  customer?: HeaderCustomerModel;
  strings: LocaleConfig['strings']['header'];
  hidden: HiddenItem[];
}

export interface FooterLinkModel {
  id: string;
  title: string;
  link: ResolvedLink;
  /** consent-settings opens the consent manager's second layer instead of navigating. */
  action?: 'consent-settings';
}

export interface ReviewModel {
  score: number;
  /** Rounded to the nearest half star, 0–5. */
  stars: number;
  /** Text bucket 0–5 (docs/rules.md#display-formats). */
  bucket: 0 | 1 | 2 | 3 | 4 | 5;
  count: number;
  text: string;
  link: ResolvedLink;
}

export interface MarketModel {
  id: string;
  flag: string;
  /** The market's name in the page's language (docs/rules.md#market-picker). */
  country: string;
  link: ResolvedLink;
  locale: string;
  preferredLocale: string;
  current: boolean;
}

export interface FooterModel {
  layout: 'v1' | 'v2';
  review?: ReviewModel;
  usContact?: { emailHref: string; emailText: string; phoneHref: string; phoneText: string; availability: string };
  columns: { id: string; heading: string; links: FooterLinkModel[] }[];
  columnsHidden: boolean;
  mobileBanner?: { iconUrl: string; title: string; text?: string; appStoreUrl: string; playStoreUrl: string };
  social: { heading?: string; icons: { uid: string; account: string; link: ResolvedLink; iconUrl?: string }[] };
  marketPicker?: { label: string; markets: MarketModel[] };
  copyright: string;
  legalLinks: FooterLinkModel[];
  credits: { id: string; link: ResolvedLink; title: string; logoUrl: string; logoTitle: string }[];
  /** Raw HTML from the config; components sanitise it with DOMPurify before rendering. */
  disclaimerHtml?: string;
  strings: LocaleConfig['strings']['footer'];
  hidden: HiddenItem[];
}

export interface ShellModel {
  header: HeaderModel;
  /** undefined when the page hides the footer. */
  footer?: FooterModel;
  design: 'v1' | 'v2';
  /** Container max width in px for this state (docs/rules.md#design-versions: 1272 before login, 1200 after, 1320 v1). */
  containerMaxWidth: number;
  locale: string;
  language: string;
}
