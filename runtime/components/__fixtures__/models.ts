/**
 * Hand-built shell models for component tests. They are written out rather than resolved from a
 * config so component tests do not depend on the resolver, and every field a test asserts on is
 * visible right here.
 */
import type {
  FooterModel,
  HeaderCustomerModel,
  HeaderModel,
  ResolvedItemOf,
  ResolvedLink,
  ResolvedMenuItem,
  ResolvedNavItem,
  ShellModel,
} from '../../resolver';

export const headerStrings: HeaderModel['strings'] = {
  mainNavigation: 'Main navigation',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  accountMenu: 'My account',
  logout: 'Log out',
  unreadMessages: '{count} unread messages',
  copy: 'Copy {label}',
  copied: 'Copied',
  totalBalance: 'Total balance',
  availableBalance: 'Available balance',
  balanceNotAvailableTitle: 'Balance not available',
  balanceNotAvailableTooltip: "We couldn't load your balance just now.",
  maintenanceTitle: 'Maintenance in progress',
  maintenanceTooltip: "We can't show your balance during maintenance.",
  loading: 'Loading…',
  skipToContent: 'Skip to content',
  customerNumber: 'Customer number',
  accountNumber: 'Account number',
  sortCode: 'Sort code',
};

export const footerStrings: FooterModel['strings'] = {
  reviews: '{score} out of 5 · {count} reviews',
  marketPicker: 'Choose your country',
  appBanner: 'Download the app',
  contactHeading: 'Contact',
};

export const bannerStrings = {
  text: 'We suggest the Depona site for this country: {market}. Would you like to go there?',
  allGood: 'All good, stay here',
  chooseMarket: 'Choose country',
};

export const sessionStrings = {
  countdownTitle: 'Your session is about to expire',
  countdownText: 'For your security, you will be logged out in {time}.',
  extend: 'Stay logged in',
  logout: 'Log out now',
  extended: 'Your session has been extended.',
  expired: 'Your session has expired.',
};

export const link = (href: string, extra: Partial<ResolvedLink> = {}): ResolvedLink => ({
  href,
  external: /^https?:\/\//.test(href),
  active: false,
  ...extra,
});

const item = <T extends ResolvedMenuItem['type']>(
  type: T,
  id: string,
  title: string,
  extra: Partial<ResolvedItemOf<T>> = {},
): ResolvedItemOf<T> =>
  ({ id, type, title, ...(type === 'text' ? {} : { link: link(`/en-gb/${id}/`) }), ...extra }) as ResolvedItemOf<T>;

export const savingsNav: ResolvedNavItem = {
  id: 'savings',
  title: 'Savings accounts',
  enableBadge: false,
  active: true,
  subMenu: {
    layout: 'default',
    top: [],
    main: [
      item('advanced', 'fixed-rate-bonds', 'Fixed-rate bonds', {
        description: 'Lock in a fixed rate.',
        icon: 'fixed-deposit',
        link: link('/en-gb/fixed-rate-bonds/', { active: true }),
      }),
      item('advanced', 'easy-access', 'Easy access accounts', {
        description: 'Withdraw whenever you need.',
        icon: 'overnight',
        tag: 'New',
      }),
    ],
    sidebar: [
      item('basic', 'bonds-1-year', '1-year bonds', { groupName: 'By term' }),
      item('basic', 'bonds-2-year', '2-year bonds', { groupName: 'By term' }),
    ],
    bottom: [
      item('text', 'protection-note', 'Your savings are protected', {
        description: 'FSCS protects eligible deposits.',
      }),
      item('arrow', 'all-accounts', 'Compare all savings accounts'),
    ],
  },
};

export const helpNav: ResolvedNavItem = {
  id: 'help',
  title: 'Help',
  enableBadge: false,
  active: false,
  subMenu: {
    layout: 'even',
    top: [],
    main: [
      item('basic', 'faq', 'Help centre', { link: link('https://help.example.com/'), icon: 'help' }),
      item('image', 'guides', 'Savings guides', {
        imageUrl: '/assets/teaser-savings.svg',
        description: 'Learn the basics.',
      }),
    ],
    sidebar: [],
    bottom: [],
  },
};

export const messagesNav: ResolvedNavItem = {
  id: 'messages',
  title: 'Messages',
  link: link('/en-gb/postbox/messages'),
  enableBadge: true,
  active: false,
};

export const aboutNav: ResolvedNavItem = {
  id: 'about',
  title: 'About us',
  link: link('/en-gb/about-us/'),
  enableBadge: false,
  active: false,
};

const logoItems: HeaderModel['logoItems'] = [
  { id: 'logo', link: link('/en-gb/'), url: '/assets/logo.svg', alt: 'Depona – go to the homepage' },
];

const actionItems: HeaderModel['actionItems'] = [
  { id: 'login', title: 'Log in', type: 'login', link: link('/en-gb/login/'), callback: 'trackLogin' },
  { id: 'register', title: 'Open an account', type: 'registration', link: link('/en-gb/register/') },
];

const baseHeader: HeaderModel = {
  type: 'public',
  variant: 'public',
  configId: 'en-GB',
  page: 'home',
  logoItems,
  navItems: [savingsNav, helpNav, aboutNav],
  actionItems,
  actionBarPosition: 'bottom',
  loading: false,
  strings: headerStrings,
  hidden: [],
};

export const customer: HeaderCustomerModel = {
  displayName: 'Jane Doe',
  fullName: 'Dr. Jane Doe',
  initials: 'JD',
  state: 'ACTIVE',
  identifiers: [
    { id: 'iban', label: 'IBAN', display: 'DE89 3704 0044 0532 0130 00', copyValue: 'DE89370400440532013000' },
    { id: 'customer-number', label: 'Customer number', display: '12345678', copyValue: '12345678' },
  ],
  showUnreadMessage: true,
  unreadCount: 3,
  isPendingActivation: false,
  isCompanyCustomer: false,
  accountMenu: {
    reduced: false,
    items: [
      { id: 'messages', title: 'Messages', link: link('/en-gb/postbox/messages'), icon: 'mail' },
      { id: 'documents', title: 'Documents', link: link('/en-gb/documents', { active: true }), icon: 'document' },
    ],
    accountSwitch: {
      title: 'Switch account',
      accounts: [
        { customerId: 'C-200', name: 'Doe Holdings Ltd' },
        { customerId: 'C-300', name: 'John Doe' },
      ],
    },
  },
  balance: {
    kind: 'figures',
    total: { label: 'Total balance', amount: 12500.5, formatted: '€12,500.50', isNegative: false },
    available: { label: 'Available balance', amount: -20, formatted: '-€20.00', isNegative: true },
  },
};

export const publicHeader: HeaderModel = baseHeader;

export const privateHeader: HeaderModel = {
  ...baseHeader,
  type: 'private',
  variant: 'private',
  page: 'dashboard',
  navItems: [savingsNav, helpNav, messagesNav],
  actionItems: [],
  customer,
};

export const loadingHeader: HeaderModel = { ...privateHeader, loading: true, customer: undefined };

export const integratedHeader: HeaderModel = {
  ...baseHeader,
  type: 'integrated',
  variant: 'integrated',
  page: 'integrated',
  navItems: [],
  actionBarPosition: 'top',
};

export const corporateHeader: HeaderModel = {
  ...baseHeader,
  type: 'corporate',
  variant: 'corporate',
  configId: 'en',
  page: 'corporate',
  navItems: [aboutNav],
  actionItems: [{ id: 'my-account', title: 'My Account', type: 'login', link: link('/en/login/') }],
};

export const partnerHeader: HeaderModel = {
  ...baseHeader,
  variant: 'partner',
  navItems: [],
  actionItems: [actionItems[0]!],
  partnerLogo: { url: '/assets/partners/dkb.svg', alt: 'DKB' },
};

export const logoOnlyHeader: HeaderModel = { ...baseHeader, variant: 'logoOnly', navItems: [], actionItems: [] };

export const footerModel: FooterModel = {
  layout: 'v1',
  review: {
    score: 4.4,
    stars: 4.5,
    bucket: 5,
    count: 8930,
    text: '4.4 out of 5 · 8,930 reviews',
    link: link('https://uk.trustpilot.com/review/x'),
  },
  usContact: {
    emailHref: 'mailto:help@example.com',
    emailText: 'Email us',
    phoneHref: 'tel:+18005550100',
    phoneText: 'Call us',
    availability: 'Mon–Fri 9am–5pm ET',
  },
  columns: [
    {
      id: 'savings',
      heading: 'Savings accounts',
      links: [{ id: 'bonds', title: 'Fixed-rate bonds', link: link('/en-gb/fixed-rate-bonds/') }],
    },
    { id: 'company', heading: 'Company', links: [{ id: 'about', title: 'About us', link: link('/en-gb/about-us/') }] },
  ],
  columnsHidden: false,
  mobileBanner: {
    iconUrl: '/assets/app-icon.svg',
    title: 'The Depona app',
    text: 'Savings in your pocket.',
    appStoreUrl: 'https://apps.apple.com/x',
    playStoreUrl: 'https://play.google.com/x',
  },
  social: {
    heading: 'Follow us',
    icons: [
      { uid: 'facebook', account: 'Facebook', link: link('https://www.facebook.com/x') },
      { uid: 'linkedin', account: 'LinkedIn', link: link('https://www.linkedin.com/x') },
      { uid: 'twitter', account: 'Twitter', link: link('https://twitter.com/x') },
      { uid: 'youtube', account: 'Youtube', link: link('https://www.youtube.com/x') },
      { uid: 'instagram', account: 'Instagram', link: link('https://www.instagram.com/x') },
    ],
  },
  marketPicker: {
    label: 'Choose your country',
    markets: [
      {
        id: 'de',
        flag: 'de',
        country: 'Deutschland',
        link: link('/de-de/'),
        locale: 'de-DE',
        preferredLocale: 'de-DE',
        current: false,
      },
      {
        id: 'gb',
        flag: 'gb',
        country: 'United Kingdom',
        link: link('/en-gb/'),
        locale: 'en-GB',
        preferredLocale: 'en-GB',
        current: true,
      },
      {
        id: 'eu',
        flag: 'eu',
        country: 'Other / EU',
        link: link('/en/select-country/'),
        locale: 'en',
        preferredLocale: 'en',
        current: false,
      },
    ],
  },
  copyright: '© 2025 Depona UK Ltd. All rights reserved.',
  legalLinks: [
    { id: 'privacy', title: 'Privacy notice', link: link('/en-gb/privacy-notice/') },
    { id: 'consent', title: 'Cookie settings', link: link('#consent-settings'), action: 'consent-settings' },
  ],
  credits: [
    {
      id: 'fscs',
      link: link('https://www.fscs.org.uk/'),
      title: 'FSCS',
      logoUrl: '/assets/fscs.svg',
      logoTitle: 'FSCS protected',
    },
  ],
  disclaimerHtml:
    '<p style="text-align: center; color: red">Capital at risk. <a href="https://example.com">Details</a></p><script>alert(1)</script>',
  strings: footerStrings,
  hidden: [],
};

const shell = (header: HeaderModel, footer: FooterModel | null = footerModel): ShellModel => ({
  header,
  ...(footer ? { footer } : {}),
  design: 'v2',
  containerMaxWidth: header.type === 'private' ? 1200 : 1272,
  locale: 'en-GB',
  language: 'en',
});

export const publicShell = shell(publicHeader);
export const privateShell = shell(privateHeader);
export const integratedShell = shell(integratedHeader, null);
export const corporateShell = shell(corporateHeader);
export const loadingShell = shell(loadingHeader);
export const partnerShell = shell(partnerHeader);
export const logoOnlyShell = shell(logoOnlyHeader);
