import type { HeaderCallId } from '../../schemas/contracts/api-calls';
import type { CustomerDto, TransactionAccountDto } from '../api/api-types';
import { getAccount, getAccounts, type WithMaintenance } from '../api/get-accounts';
import {
  getDepositTypes,
  getPensionProducts,
  getProductInstances,
  getProducts,
  getProductTypes,
} from '../api/get-access';
import { DEFAULT_DISTRIBUTORS, getCobranding } from '../api/get-cobranding';
import { customerEmbeds, getCustomer } from '../api/get-customer';
import { canLookUpSwitchableAccounts, getSwitchableAccounts } from '../api/get-switchable-accounts';
import { getUnreadCount } from '../api/get-unread-count';
import type { HttpClient } from '../api/http-client';
import { afterCustomerInputs } from './derive-customer';
import { pickAccount } from './pick-account';

/** What the header's calls are made from: the token, the config being rendered, and the answers some calls wait for. */
export interface ShellCallInputs {
  /** From the access token; undefined for a visitor. */
  customerNumber?: string | undefined;
  userId?: string | undefined;
  /** The config locale being rendered (decides the customer embeds). */
  locale: string;
  /** The flags that are on; undefined until the configs have loaded, which the prefetch does not wait for. */
  flags?: ReadonlySet<string> | undefined;
  /** A visitor's referring distributor (partner visitors get its logo). */
  visitorDistributorId?: string | undefined;
  customer?: CustomerDto | undefined;
  accounts?: WithMaintenance<TransactionAccountDto[]> | undefined;
}

/** The inputs a call can wait for beyond the token and the locale: two calls' answers, and the configs' flags. */
const AWAITED_INPUTS = ['customer', 'accounts', 'flags'] as const satisfies readonly (keyof ShellCallInputs)[];
export type AwaitedInput = (typeof AWAITED_INPUTS)[number];

/** Whether other calls wait for this call's answer (it is then an input of theirs, under its own name). */
export const isAwaitedAnswer = (id: HeaderCallId): id is Extract<HeaderCallId, AwaitedInput> =>
  (AWAITED_INPUTS as readonly string[]).includes(id);

/** A call as these inputs ask for it: the rest of its SWR key after its id, and how to make it. */
export interface CallPlan<Data> {
  keyParts: readonly string[];
  fetch: (client: HttpClient) => Promise<Data>;
}

export interface ShellCall<Data> {
  /** For a logged-in customer: the inputs it cannot start without. The prefetch starts it the moment the last arrives. */
  waitsFor: readonly AwaitedInput[];
  /** Its plan, or null while an input it waits for is missing or when these inputs do not want it. */
  plan(inputs: ShellCallInputs): CallPlan<Data> | null;
  /** The menus wait for its answer (or failure) while the customer is logged in, so items never pop in (docs/rules.md#customer-data). */
  menusWait?: true;
  /** Revalidate when the window regains focus (SHELL_SWR_CONFIG: yes, after the dedupe window); false for answers that do not change in a session. */
  revalidateOnFocus?: false;
}

const plan = <Data>(keyParts: readonly string[], fetch: (client: HttpClient) => Promise<Data>): CallPlan<Data> => ({
  keyParts,
  fetch,
});

/** A logged-in customer's distributor comes with the customer; a visitor's from the link that referred them. */
export function distributorIdOf({
  customerNumber,
  customer,
  visitorDistributorId,
}: ShellCallInputs): string | undefined {
  return customer?.distributorId ?? (customerNumber === undefined ? visitorDistributorId : undefined);
}

/**
 * Every call the header reads, in the order the hooks and the prefetch start them (docs/api-calls.md#order-and-parallelism).
 * useShellCall (the SWR hooks of useShellData) and prefetchHeaderCalls both read these rows, so a prefetched
 * answer has exactly the key and fetcher the hook would use. Keyed by the table of calls in
 * schemas/contracts/api-calls.ts: a header call without a row here is a compile error.
 */
export const SHELL_CALLS = {
  customer: {
    waitsFor: [],
    plan: ({ customerNumber, locale }) =>
      customerNumber
        ? plan([customerNumber, customerEmbeds(locale)], (client) => getCustomer(client, customerNumber, locale))
        : null,
    menusWait: true,
  },
  accounts: {
    waitsFor: [],
    plan: ({ customerNumber }) =>
      customerNumber ? plan([customerNumber], (client) => getAccounts(client, customerNumber)) : null,
  },
  account: {
    waitsFor: ['accounts'],
    plan: ({ accounts }) => {
      const picked = accounts && pickAccount(accounts.value);
      return picked ? plan([picked.id], (client) => getAccount(client, picked.id)) : null;
    },
  },
  'unread-count': {
    waitsFor: [],
    plan: ({ customerNumber }) =>
      customerNumber ? plan([customerNumber], (client) => getUnreadCount(client, customerNumber)) : null,
  },
  'deposit-types': {
    waitsFor: [],
    plan: ({ customerNumber }) =>
      customerNumber ? plan([customerNumber], (client) => getDepositTypes(client, customerNumber)) : null,
    menusWait: true,
  },
  products: {
    waitsFor: [],
    plan: ({ customerNumber }) =>
      customerNumber ? plan([customerNumber], (client) => getProducts(client, customerNumber)) : null,
    menusWait: true,
  },
  cobranding: {
    waitsFor: ['customer'],
    plan: (inputs) => {
      const distributorId = distributorIdOf(inputs);
      // The default distributors have no co-branding: no call is made for them (docs/rules.md#customer-data).
      return distributorId && !DEFAULT_DISTRIBUTORS.includes(distributorId)
        ? plan([distributorId], (client) => getCobranding(client, distributorId))
        : null;
    },
  },
  'product-types': {
    waitsFor: ['customer'],
    plan: ({ customer }) => {
      const { distributorId, channelId } = customer ? afterCustomerInputs(customer) : {};
      return distributorId && channelId
        ? plan([distributorId, channelId], (client) => getProductTypes(client, distributorId, channelId))
        : null;
    },
    menusWait: true,
  },
  'product-instances': {
    waitsFor: ['customer'],
    plan: ({ customer }) => {
      const customerDomainId = customer && afterCustomerInputs(customer).customerDomainId;
      return customerDomainId
        ? plan([customerDomainId], (client) => getProductInstances(client, customerDomainId))
        : null;
    },
    menusWait: true,
  },
  'pension-products': {
    waitsFor: ['customer'],
    plan: ({ customer }) => {
      const { customerDomainId, german } = customer ? afterCustomerInputs(customer) : {};
      // German customers only (docs/rules.md#customer-data).
      return customerDomainId && german
        ? plan([customerDomainId], (client) => getPensionProducts(client, customerDomainId))
        : null;
    },
    menusWait: true,
    revalidateOnFocus: false,
  },
  'switchable-accounts': {
    waitsFor: ['customer', 'flags'],
    plan: ({ flags, userId, customerNumber, customer }) => {
      if (!flags || !userId || !customerNumber) return null;
      const wanted = canLookUpSwitchableAccounts({
        flags,
        userId,
        customerNumber,
        customerActive: customer?.status === 'Active',
      });
      return wanted
        ? plan([userId, customerNumber], (client) => getSwitchableAccounts(client, userId, customerNumber))
        : null;
    },
  },
} satisfies { [Id in HeaderCallId]: ShellCall<unknown> };

/** What a call's fetcher resolves to. */
export type ShellCallData<Id extends HeaderCallId> = Awaited<
  ReturnType<NonNullable<ReturnType<(typeof SHELL_CALLS)[Id]['plan']>>['fetch']>
>;

/** The rows with their data types erased, for code that walks the table. */
const ROWS: Readonly<Record<HeaderCallId, ShellCall<unknown>>> = SHELL_CALLS;

/** The header's calls in start order. */
export const HEADER_CALL_IDS = Object.keys(SHELL_CALLS) as readonly HeaderCallId[];

/** The inputs call `id` waits for (ShellCall.waitsFor). */
export const waitsFor = (id: HeaderCallId): readonly AwaitedInput[] => ROWS[id].waitsFor;

/** The header calls the menus wait for (ShellCall.menusWait). */
export const MENUS_WAIT_FOR: readonly HeaderCallId[] = HEADER_CALL_IDS.filter((id) => ROWS[id].menusWait);

export type ShellCallKey = readonly [HeaderCallId, ...string[]];

export interface PlannedCall<Data> {
  /** The SWR key: the call's id, then what tells its answers apart. */
  key: ShellCallKey;
  fetch: (client: HttpClient) => Promise<Data>;
  /** SWR options beyond SHELL_SWR_CONFIG (runtime/api/swr-policy.ts). */
  swr: { revalidateOnFocus?: false };
}

/** The call `id` as these inputs ask for it, or null when they do not (yet). */
export function planShellCall<Id extends HeaderCallId>(
  id: Id,
  inputs: ShellCallInputs,
): PlannedCall<ShellCallData<Id>> | null {
  const row = ROWS[id];
  const planned = row.plan(inputs);
  if (!planned) return null;
  return {
    key: [id, ...planned.keyParts],
    // Row `id` resolves to ShellCallData<id>; TypeScript cannot follow a generic index into rows of different types.
    fetch: planned.fetch as PlannedCall<ShellCallData<Id>>['fetch'],
    swr: row.revalidateOnFocus === false ? { revalidateOnFocus: false } : {},
  };
}
