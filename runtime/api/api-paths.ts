import type { ServiceId } from './environment';

/**
 * Every call of SPEC §7 by name: its service and path pattern (":param" segments). The client builds
 * URLs from it and the MSW handlers (mocks/) match the same patterns, so the two cannot drift.
 */
export const ENDPOINTS = {
  customer: { method: 'GET', service: 'customer-account', path: '/customers/:bacNumber' },
  accounts: { method: 'GET', service: 'customer-account', path: '/accounts' },
  account: { method: 'GET', service: 'customer-account', path: '/accounts/:accountId' },
  cobranding: { method: 'GET', service: 'customer-info', path: '/distributors/:distributorId/cobranding' },
  'deposit-types': { method: 'GET', service: 'customer-account', path: '/deposit-types' },
  'product-types': { method: 'GET', service: 'product', path: '/product-types' },
  products: { method: 'GET', service: 'product', path: '/product-management/products' },
  'product-instances': { method: 'GET', service: 'product', path: '/product-instances' },
  'pension-products': { method: 'GET', service: 'product', path: '/pension/customers/:customerId/products' },
  'unread-count': { method: 'GET', service: 'customer-portal', path: '/threads/unread-count' },
  'switchable-accounts': { method: 'GET', service: 'user-management', path: '/public/users/:userId/switchable-accounts/:customerId' },
  'switch-account': { method: 'POST', service: 'user-management', path: '/public/users/:userId/switch-account' },
  'token-refresh': { method: 'POST', service: 'user-management', path: '/public/token/refresh' },
  'oidc-token': { method: 'POST', service: 'identity', path: '/protocol/openid-connect/token' },
  logout: { method: 'POST', service: 'user-management', path: '/public/token/logout' },
  'oidc-logout': { method: 'POST', service: 'identity', path: '/protocol/openid-connect/logout' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; service: ServiceId; path: string }>;

export type EndpointId = keyof typeof ENDPOINTS;

/** Fills ":param" segments, URI-encoding each value. Throws on a missing value rather than calling "/undefined". */
export function endpointPath(id: EndpointId, params: Record<string, string> = {}): string {
  return ENDPOINTS[id].path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`Endpoint "${id}" needs a value for :${name}.`);
    return encodeURIComponent(value);
  });
}
