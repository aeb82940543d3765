import type { AccessId, LocaleConfig, PomProduct } from '../../schemas/generated/config-types';
import type { AccountView, CustomerView, DistributorView, ResolverContext } from '../resolver/context';
import { ACCESS_IDS, type PreviewScenario } from './preview-params';

/**
 * Persona presets for /preview (docs/preview-url.md). They stand in for live customer data until the
 * data layer fetches it through the MSW mocks; the fields mirror SPEC §3's customer and account.
 */

/** Valid test IBANs per locale, so the preview shows grouped IBANs exactly as customers see them. */
const IBANS: Record<string, string> = {
  'de-DE': 'DE89370400440532013000',
  'de-AT': 'AT611904300234573201',
  'de-CH': 'CH9300762011623852957',
  'en-GB': 'GB29NWBK60161331926819',
  'en-IE': 'IE29AIBK93115212345678',
  'fr-FR': 'FR1420041010050500013M02606',
  'es-ES': 'ES9121000418450200051332',
  'nl-NL': 'NL91ABNA0417164300',
  'pl-PL': 'PL61109010140000071219812874',
  'fi-FI': 'FI2112345600000785',
  'it-IT': 'IT60X0542811101000000123456',
};

const ALL_DEPOSIT_ACCESS: AccessId[] = [
  'HAS_FIXED_DEPOSIT_ACCOUNT',
  'HAS_FLEX_DEPOSIT_ACCOUNT',
  'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
  'HAS_NOTICE_DEPOSIT_ACCOUNT',
  'term_product_access',
  'overnight_product_access',
  'notice_product_access',
  'overnight_account',
  'notice_account',
  'term_deposit',
];

/** The distributor that the configs' finance-knowledge rules hide the menu for. */
export const FINANCE_KNOWLEDGE_HIDDEN_DISTRIBUTOR = 'partner-co-brand';

export type PersonaContext = Pick<
  ResolverContext,
  'loggedIn' | 'customer' | 'account' | 'access' | 'pomProducts' | 'distributor' | 'unreadCount' | 'switchableAccounts' | 'restricted' | 'balanceError'
>;

function account(config: LocaleConfig, current: number, available: number): AccountView {
  const iban = IBANS[config.locale];
  return {
    id: 'acc-1001',
    accountNumber: iban ?? '000123456789',
    ...(iban ? { iban } : {}),
    ...(config.locale === 'en-GB' ? { sortCode: '60-16-13' } : config.locale === 'en-US' ? { sortCode: '021000021' } : {}),
    state: 'ACTIVE',
    currencyCode: config.currency ?? 'EUR',
    isMaintenance: false,
    balance: { current, available },
  };
}

function customer(overrides: Partial<CustomerView>): CustomerView {
  return {
    id: 'cus-4711',
    bacNumber: '4711-0815',
    firstName: 'Anna',
    lastName: 'Schmidt',
    fullName: 'Dr. Anna Schmidt',
    status: 'Active',
    isCompanyCustomer: false,
    isPendingActivation: false,
    ...overrides,
  };
}

export function personaContext(scenario: PreviewScenario, config: LocaleConfig): PersonaContext {
  const defaults = personaDefaults(scenario, config);
  const data = new Set(scenario.data);
  if (scenario.access) {
    const ids = scenario.access;
    defaults.access = new Set(ids.filter((id) => ACCESS_IDS.includes(id) && id !== 'dwm' && id !== 'pension') as AccessId[]);
    defaults.pomProducts = new Set(ids.filter((id): id is PomProduct => id === 'dwm' || id === 'pension'));
  }
  if (defaults.account && data.has('maintenance')) defaults.account = { ...defaults.account, isMaintenance: true };
  if (data.has('balance-error')) defaults.balanceError = true;
  if (data.has('restricted')) defaults.restricted = true;
  if (data.has('no-unread')) defaults.unreadCount = 0;
  if (defaults.customer && data.has('finance-knowledge-hidden')) defaults.customer = { ...defaults.customer, distributorId: FINANCE_KNOWLEDGE_HIDDEN_DISTRIBUTOR };
  if (defaults.customer && data.has('switchable-accounts')) {
    defaults.switchableAccounts = [
      { customerId: 'cus-4712', name: 'Anna Schmidt (Gemeinschaftskonto)' },
      { customerId: 'cus-4713', name: 'Schmidt Consulting GmbH' },
    ];
  }
  return defaults;
}

function personaDefaults(scenario: PreviewScenario, config: LocaleConfig): PersonaContext {
  const none = { access: new Set<AccessId>(), pomProducts: new Set<PomProduct>() };
  switch (scenario.persona) {
    case 'visitor':
      return { loggedIn: false, ...none };
    case 'partner-visitor': {
      const distributor: DistributorView = { id: 'partner-co-brand', logo: { url: '/assets/partners/partner.svg', alt: 'Partner Bank' } };
      return { loggedIn: false, distributor, ...none };
    }
    case 'customer':
      return { loggedIn: true, customer: customer({}), account: account(config, 25430.18, 24930.18), access: new Set(ALL_DEPOSIT_ACCESS), pomProducts: new Set(), unreadCount: 3 };
    case 'company':
      return {
        loggedIn: true,
        customer: customer({ id: 'cus-9001', bacNumber: '9001-2024', firstName: 'Müller', lastName: 'Logistik GmbH', fullName: 'Müller Logistik GmbH', isCompanyCustomer: true }),
        account: account(config, 1_250_000, 1_180_000),
        access: new Set(ALL_DEPOSIT_ACCESS),
        pomProducts: new Set(),
        unreadCount: 3,
      };
    case 'pending':
      return { loggedIn: true, customer: customer({ isPendingActivation: true }), account: account(config, 5000, 0), access: new Set(), pomProducts: new Set(), unreadCount: 3 };
    case 'no-customer-data':
      return { loggedIn: true, ...none };
  }
}
