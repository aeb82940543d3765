import { API_CALLS, endpointPath, type EndpointId } from '../../schemas/contracts/api-calls';
import { DEFAULT_API_HOSTS } from '../../runtime/api/environment';
import { buildUrl, type HttpRequest } from '../../runtime/api/http-client';
import { COMPANY_BAC, customerIdOf, PARTNER_DISTRIBUTOR, PRIVATE_BAC, USER_ID } from '../fixtures/customers';
import { ACCOUNT_ID } from '../fixtures/accounts';
import { mintTokenPair } from '../fixtures/tokens';

/**
 * Test helper: a well-formed call of every endpoint, with URLs built by the client's own buildUrl() and
 * endpointPath(), so the tests prove that what the client sends is what the handlers match.
 */
export interface CallSpec {
  params?: Record<string, string>;
  query?: HttpRequest['query'];
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

const tokens = mintTokenPair(PRIVATE_BAC, 1800);

/** A well-formed call of every call in API_CALLS: a call without one is a compile error. */
export const SAMPLE_CALLS: Readonly<Record<EndpointId, CallSpec>> = {
  customer: { params: { bacNumber: PRIVATE_BAC }, query: { embed: 'all-persons,reference-accounts,data-validity' } },
  accounts: { query: { filter: `customerId eq ${PRIVATE_BAC}` } },
  account: { params: { accountId: ACCOUNT_ID }, query: { embed: 'balance' } },
  cobranding: { params: { distributorId: PARTNER_DISTRIBUTOR } },
  'deposit-types': { query: { customer_id: PRIVATE_BAC } },
  'product-types': { query: { distributor_id: 'default', distribution_channel_id: 'direct' } },
  products: { query: { customer_id: PRIVATE_BAC } },
  'product-instances': { query: { customer_domain_id: customerIdOf(PRIVATE_BAC) } },
  'pension-products': { params: { customerId: customerIdOf(PRIVATE_BAC) } },
  'unread-count': { query: { customer_id: PRIVATE_BAC } },
  'switchable-accounts': { params: { userId: USER_ID, customerId: PRIVATE_BAC } },
  'switch-account': { params: { userId: USER_ID }, json: { customer_id: PRIVATE_BAC } },
  'token-refresh': { json: tokens },
  'oidc-token': {
    form: { grant_type: 'refresh_token', client_id: 'portal-shell', refresh_token: tokens.refresh_token },
  },
  logout: { json: { refresh_token: tokens.refresh_token } },
  'oidc-logout': { form: { refresh_token: tokens.refresh_token, client_id: 'portal-shell' } },
};

export { COMPANY_BAC, PRIVATE_BAC, USER_ID };

/** The same-origin URL the client would call (DEFAULT_API_HOSTS.local). */
export function callUrl(id: EndpointId, spec: CallSpec = SAMPLE_CALLS[id]): string {
  return buildUrl(DEFAULT_API_HOSTS.local, API_CALLS[id].service, endpointPath(id, spec.params), spec.query);
}

/** Calls an endpoint through fetch; `changes` replace parts of its sample call. */
export function call(id: EndpointId, changes: CallSpec = {}, init: RequestInit = {}): Promise<Response> {
  const spec: CallSpec = { ...SAMPLE_CALLS[id], ...changes };
  const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
  let body: string | undefined;
  if (spec.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(spec.form).toString();
  } else if (spec.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(spec.json);
  }
  return fetch(callUrl(id, spec), {
    method: API_CALLS[id].method,
    headers,
    ...(body !== undefined ? { body } : {}),
    ...init,
  });
}

/** Calls and reads the JSON answer (undefined for an empty body). */
export async function callJson<T = unknown>(
  id: EndpointId,
  changes: CallSpec = {},
): Promise<{ status: number; body: T }> {
  const response = await call(id, changes);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}
