import accessSchema from '../../schemas/access.schema.json';
import { PERSONAS, POM_PRODUCT_IDS, RULE_ACCESS_IDS, type Persona } from '../../schemas/contracts/preview-params';
import type { AccessId, PomProduct } from '../../schemas/generated/config-types';
import type { AccountView, CustomerView, ResolverContext } from '../../runtime/resolver';

/**
 * The audiences of the matrix. Plain ResolverContext facts, built here so the engine depends on nothing
 * but the resolver. Customer and company hold every access id and pension product of the vocabulary, so
 * every access-gated item has an audience; pending holds no account or product yet (only the product types its
 * distribution channel offers), so the "nothing yet" view is checked too.
 */
/** The preview's personas (schemas/contracts/preview-params.ts): a matrix cell opens as that preview. */
export const MATRIX_PERSONA_IDS = PERSONAS;
export type MatrixPersonaId = Persona;

export type PersonaFacts = Pick<
  ResolverContext,
  'loggedIn' | 'customer' | 'account' | 'access' | 'pomProducts' | 'distributor' | 'unreadCount' | 'switchableAccounts'
>;

export interface MatrixPersona {
  id: string;
  label: string;
  facts: PersonaFacts;
}

/** The distributor whose visitors arrive co-branded (a partner logo hides the navigation, docs/rules.md#partner-referred-visitors). */
export const PARTNER_DISTRIBUTOR_ID = 'partner-co-brand';

function customer(overrides: Partial<CustomerView> = {}): CustomerView {
  return {
    id: 'matrix-customer',
    bacNumber: '0000-0001',
    firstName: 'Alex',
    lastName: 'Muster',
    fullName: 'Alex Muster',
    status: 'Active',
    isCompanyCustomer: false,
    isPendingActivation: false,
    ...overrides,
  };
}

const ACCOUNT: AccountView = {
  id: 'matrix-account',
  accountNumber: 'DE89370400440532013000',
  iban: 'DE89370400440532013000',
  state: 'ACTIVE',
  currencyCode: 'EUR',
  isMaintenance: false,
  balance: { current: 1000, available: 1000 },
};

/** Several customer numbers, so the account-switch list (behind its flag) has something to show. */
const SWITCHABLE = [
  { customerId: 'matrix-customer-2', name: 'Alex Muster (joint account)' },
  { customerId: 'matrix-customer-3', name: 'Muster GmbH' },
];

const none = () => ({ access: new Set<AccessId>(), pomProducts: new Set<PomProduct>() });
/** Product types come from the distribution channel (what it offers), not from what the customer holds (docs/rules.md#product-access). */
const PRODUCT_TYPES: readonly AccessId[] = accessSchema.$defs.ProductType.enum as AccessId[];
const everything = () => ({
  access: new Set<AccessId>(RULE_ACCESS_IDS),
  pomProducts: new Set<PomProduct>(POM_PRODUCT_IDS),
});

export const MATRIX_PERSONAS: readonly MatrixPersona[] = [
  { id: 'visitor', label: 'Anonymous visitor', facts: { loggedIn: false, ...none() } },
  {
    id: 'partner-visitor',
    label: 'Partner-referred visitor',
    facts: {
      loggedIn: false,
      distributor: { id: PARTNER_DISTRIBUTOR_ID, logo: { url: '/assets/partners/partner.svg', alt: 'Partner' } },
      ...none(),
    },
  },
  {
    id: 'customer',
    label: 'Private customer with every product',
    facts: {
      loggedIn: true,
      customer: customer(),
      account: ACCOUNT,
      unreadCount: 1,
      switchableAccounts: SWITCHABLE,
      ...everything(),
    },
  },
  {
    id: 'company',
    label: 'Company customer with every product',
    facts: {
      loggedIn: true,
      customer: customer({
        id: 'matrix-company',
        firstName: 'Muster',
        lastName: 'GmbH',
        fullName: 'Muster GmbH',
        isCompanyCustomer: true,
      }),
      account: ACCOUNT,
      unreadCount: 1,
      switchableAccounts: SWITCHABLE,
      ...everything(),
    },
  },
  {
    id: 'pending',
    label: 'Customer pending activation: no accounts or products yet, the channel’s product types on offer',
    facts: {
      loggedIn: true,
      customer: customer({ isPendingActivation: true }),
      account: ACCOUNT,
      unreadCount: 0,
      access: new Set<AccessId>(PRODUCT_TYPES),
      pomProducts: new Set<PomProduct>(),
    },
  },
  { id: 'no-customer-data', label: 'Logged in, customer data not loaded yet', facts: { loggedIn: true, ...none() } },
];

/** A logged-in persona whose customer data has loaded: the one that must get a full private header. */
export function hasCustomerData(persona: MatrixPersona): boolean {
  return persona.facts.loggedIn && !!persona.facts.customer;
}
