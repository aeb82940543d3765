import { delay, http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { ENDPOINTS, type EndpointId } from '../runtime/api/api-paths';
import { DEFAULT_API_HOSTS } from '../runtime/api/environment';
import type { FaultEndpoint } from '../runtime/preview/preview-params';
import { logRequest } from './request-log';
import { getMockScenario, type MockScenario } from './scenario';

/** Which fault= name breaks which endpoint: one name covers both variants of refresh and logout. */
const FAULT_NAME: Partial<Record<EndpointId, FaultEndpoint>> = {
  customer: 'customer',
  accounts: 'accounts',
  account: 'account',
  cobranding: 'cobranding',
  'deposit-types': 'deposit-types',
  'product-types': 'product-types',
  products: 'products',
  'product-instances': 'product-instances',
  'pension-products': 'pension-products',
  'unread-count': 'unread-count',
  'switchable-accounts': 'switchable-accounts',
  'token-refresh': 'token-refresh',
  'oidc-token': 'token-refresh',
  logout: 'logout',
  'oidc-logout': 'logout',
};

/** MSW pattern for an endpoint on any origin: local same-origin roots and absolute API hosts alike. */
export function endpointPattern(id: EndpointId): string {
  const { service, path } = ENDPOINTS[id];
  return `*${DEFAULT_API_HOSTS.local[service]}${path}`;
}

export type EndpointResolver = (input: { request: Request; params: PathParams; scenario: MockScenario }) => Response | Promise<Response>;

/**
 * One handler for one endpoint, with the scenario's latency and fault applied the same way everywhere:
 * a status answers that status (206 with the normal body), timeout never answers, malformed sends
 * broken JSON. Every request lands in the request log.
 */
export function mockEndpoint(id: EndpointId, resolve: EndpointResolver) {
  const method = ENDPOINTS[id].method === 'GET' ? http.get : http.post;
  const resolver: HttpResponseResolver<PathParams, DefaultBodyType> = async ({ request, params }) => {
    const scenario = getMockScenario();
    const fault = scenario.faults.find((f) => f.endpoint === FAULT_NAME[id]);
    const log = (status: number | 'timeout') => logRequest({ endpoint: id, method: request.method, url: request.url, status, at: Date.now() });
    if (scenario.latency > 0) await delay(scenario.latency);
    if (fault?.kind === 'timeout') {
      log('timeout');
      await delay('infinite');
    }
    if (fault?.kind === 'malformed') {
      log(200);
      return new HttpResponse('{"data": [unterminated', { status: 200, headers: { 'content-type': 'application/json' } });
    }
    if (typeof fault?.kind === 'number' && fault.kind !== 206) {
      log(fault.kind);
      return fault.kind === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ error: `mock fault ${fault.kind}` }, { status: fault.kind });
    }
    const response = await resolve({ request, params, scenario });
    if (fault?.kind === 206 && response.status === 200) {
      log(206);
      return new HttpResponse(await response.text(), { status: 206, headers: response.headers });
    }
    log(response.status);
    return response;
  };
  return method(endpointPattern(id), resolver);
}
