/**
 * Every HTTP call the shell makes, by name: the one list the client, the mocks, the preview's `fault=`
 * parameter and the tests read (docs/api-calls.md). Pure data: the runtime adds each call's fetcher and SWR
 * key (runtime/data/shell-calls.ts), the mocks its handler (mocks/handlers/index.ts); both are records over
 * `EndpointId`, so a call missing from either is a compile error. Adding a call: docs/how-to.md#add-an-api-call.
 */

/** What a call is for: `header` calls are the data the header reads; `session` calls act on the tokens. */
export type ApiCallRole = 'header' | 'session';

export interface ApiCallContract {
  method: 'GET' | 'POST';
  /** The back-end service whose root the path hangs under (runtime/api/environment.ts maps it to a host). */
  service: string;
  /** Path pattern; ":name" segments are filled from the call's parameters, URI-encoded. */
  path: string;
  /** The `fault=` name that breaks it in the preview and the mocks (docs/mocks.md#latency-and-faults); null: none. */
  fault: string | null;
  role: ApiCallRole;
}

export const API_CALLS = {
  customer: {
    method: 'GET',
    service: 'customer-account',
    path: '/customers/:bacNumber',
    fault: 'customer',
    role: 'header',
  },
  accounts: { method: 'GET', service: 'customer-account', path: '/accounts', fault: 'accounts', role: 'header' },
  account: {
    method: 'GET',
    service: 'customer-account',
    path: '/accounts/:accountId',
    fault: 'account',
    role: 'header',
  },
  cobranding: {
    method: 'GET',
    service: 'customer-info',
    path: '/distributors/:distributorId/cobranding',
    fault: 'cobranding',
    role: 'header',
  },
  'deposit-types': {
    method: 'GET',
    service: 'customer-account',
    path: '/deposit-types',
    fault: 'deposit-types',
    role: 'header',
  },
  'product-types': {
    method: 'GET',
    service: 'product',
    path: '/product-types',
    fault: 'product-types',
    role: 'header',
  },
  products: {
    method: 'GET',
    service: 'product',
    path: '/product-management/products',
    fault: 'products',
    role: 'header',
  },
  'product-instances': {
    method: 'GET',
    service: 'product',
    path: '/product-instances',
    fault: 'product-instances',
    role: 'header',
  },
  'pension-products': {
    method: 'GET',
    service: 'product',
    path: '/pension/customers/:customerId/products',
    fault: 'pension-products',
    role: 'header',
  },
  'unread-count': {
    method: 'GET',
    service: 'customer-portal',
    path: '/threads/unread-count',
    fault: 'unread-count',
    role: 'header',
  },
  'switchable-accounts': {
    method: 'GET',
    service: 'user-management',
    path: '/public/users/:userId/switchable-accounts/:customerId',
    fault: 'switchable-accounts',
    role: 'header',
  },
  // Switching is a user's choice in the account menu, never a background call: nothing to break on purpose.
  'switch-account': {
    method: 'POST',
    service: 'user-management',
    path: '/public/users/:userId/switch-account',
    fault: null,
    role: 'session',
  },
  // One fault name covers both variants of refresh and of logout: a scenario breaks "the refresh", whichever
  // identity provider the locale uses.
  'token-refresh': {
    method: 'POST',
    service: 'user-management',
    path: '/public/token/refresh',
    fault: 'token-refresh',
    role: 'session',
  },
  'oidc-token': {
    method: 'POST',
    service: 'identity',
    path: '/protocol/openid-connect/token',
    fault: 'token-refresh',
    role: 'session',
  },
  logout: {
    method: 'POST',
    service: 'user-management',
    path: '/public/token/logout',
    fault: 'logout',
    role: 'session',
  },
  'oidc-logout': {
    method: 'POST',
    service: 'identity',
    path: '/protocol/openid-connect/logout',
    fault: 'logout',
    role: 'session',
  },
} as const satisfies Record<string, ApiCallContract>;

export type EndpointId = keyof typeof API_CALLS;

/** The calls in table order: the order the mocks register their handlers in. */
export const ENDPOINT_IDS = Object.keys(API_CALLS) as readonly EndpointId[];

/** The calls whose answers the header reads: each has a fetcher and SWR key in runtime/data/shell-calls.ts. */
export type HeaderCallId = {
  [Id in EndpointId]: (typeof API_CALLS)[Id]['role'] extends 'header' ? Id : never;
}[EndpointId];

/**
 * Faults that break something other than an HTTP call of this table: `tracking` makes the local tracking
 * collector fail (runtime/host/PreviewScreen.tsx).
 */
const OTHER_FAULTS = ['tracking'] as const;

export type FaultEndpoint = NonNullable<(typeof API_CALLS)[EndpointId]['fault']> | (typeof OTHER_FAULTS)[number];

/** Every name `fault=` accepts, in table order, each once. */
export const FAULT_ENDPOINTS: readonly FaultEndpoint[] = [
  ...new Set([
    ...Object.values(API_CALLS).flatMap((call): FaultEndpoint[] => (call.fault ? [call.fault] : [])),
    ...OTHER_FAULTS,
  ]),
];

/** Fills a call's ":name" segments, URI-encoding each value; throws on a missing value rather than calling "/undefined". */
export function endpointPath(id: EndpointId, params: Readonly<Record<string, string>> = {}): string {
  return API_CALLS[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`Endpoint "${id}" needs a value for :${name}.`);
    return encodeURIComponent(value);
  });
}
