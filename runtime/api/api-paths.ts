import { API_CALLS, endpointPath, type EndpointId } from '../../schemas/contracts/api-calls';
import type { ServiceId } from './environment';
import type { HttpRequest } from './http-client';

/**
 * The runtime's view of the table of calls (schemas/contracts/api-calls.ts): the client builds its requests
 * from it, and the MSW handlers (mocks/) match the same patterns, so the two cannot drift.
 */
export { API_CALLS, endpointPath, type EndpointId } from '../../schemas/contracts/api-calls';

// A call on a service the environments have no host for would go to "undefined/…": a compile error here.
const _everyServiceHasHosts: Readonly<Record<EndpointId, { service: ServiceId }>> = API_CALLS;

/** Method, service and filled path of a call, as the table gives them; the caller adds query and body. */
export function endpointRequest(
  id: EndpointId,
  params?: Readonly<Record<string, string>>,
): Pick<HttpRequest, 'method' | 'service' | 'path'> {
  const { method, service } = API_CALLS[id];
  return { method, service, path: endpointPath(id, params) };
}
