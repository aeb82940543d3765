import { delay, http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { API_CALLS, type EndpointId } from '../schemas/contracts/api-calls';
import { DEFAULT_API_HOSTS } from '../runtime/api/environment';
import type { Fault } from '../schemas/contracts/preview-params';
import { logRequest, settleRequest } from './request-log';
import { scenarioFor, type MockScenario } from './scenario';

/** What a `malformed` fault sends with status 200: a JSON content type and a body that is not JSON. */
export const MALFORMED_BODY = '{"data": [unterminated';

/** Statuses whose response cannot carry a body. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * MSW path pattern of an endpoint: the service root of DEFAULT_API_HOSTS.local plus the path in API_CALLS,
 * on any origin, so same-origin `/api/…` calls and the deployed API hosts (`https://api…/api/…`) both match.
 */
export function endpointPattern(id: EndpointId): string {
  const { service, path } = API_CALLS[id];
  return `*${DEFAULT_API_HOSTS.local[service]}${path}`;
}

/** The scenario's fault for this call: the one given for its fault name in API_CALLS (one name may cover two calls). */
export function faultFor(id: EndpointId, scenario: Pick<MockScenario, 'faults'>): Fault | undefined {
  const name = API_CALLS[id].fault;
  return name ? scenario.faults.find((f) => f.endpoint === name) : undefined;
}

export interface EndpointRequest {
  request: Request;
  params: PathParams;
  /** The scenario as it was when the request arrived. */
  scenario: Readonly<MockScenario>;
}

export type EndpointResolver = (input: EndpointRequest) => Response | Promise<Response>;

/** Some calls' resolvers, by call: each mocks/handlers file holds those of one resource. */
export type EndpointResolvers = Partial<Record<EndpointId, EndpointResolver>>;

/** A path parameter as one string (MSW gives repeated segments as arrays). */
export function pathParam(params: PathParams, name: string): string {
  const value = params[name];
  return Array.isArray(value) ? value.join('/') : String(value ?? '');
}

/**
 * Why a mock answered with an error, sent as the `x-mock-answer` header so browser tests can tell an
 * expected failure from a bug: `fault` was injected with fault=, `scenario` is the persona's data (a
 * logged-in user without a customer record), `refused` is a request the mocks do not know (a bug).
 */
export type MockAnswer = 'fault' | 'scenario' | 'refused';
export const MOCK_ANSWER_HEADER = 'x-mock-answer';

/** The mocks' error answer: JSON with a message saying what was wrong, and why (MockAnswer). */
export function errorResponse(status: number, message: string, answer: MockAnswer = 'refused'): Response {
  return HttpResponse.json({ error: message }, { status, headers: { [MOCK_ANSWER_HEADER]: answer } });
}

/**
 * The scenario's latency and fault, applied the same way to every endpoint:
 * - latency: the answer leaves `scenario.latency` ms after the request arrived. It is the network's: the answer is
 *   made while it runs, so the mocks' own work, which shares the CPU with the page being measured, does not add
 *   to it (a slower answer still arrives when it is made);
 * - `timeout`: never answers (the client gives up after its 3000 ms);
 * - `malformed`: status 200 with a body that is not JSON;
 * - a 2xx status (206 for maintenance): the normal body with that status; 204/205/304: no body;
 * - any other status: that status with a JSON error body.
 */
export async function applyScenario(
  id: EndpointId,
  input: EndpointRequest,
  resolve: EndpointResolver,
  onTimeout: () => void = () => undefined,
): Promise<Response> {
  const { scenario } = input;
  const latency = scenario.latency > 0 ? delay(scenario.latency) : undefined;
  const fault = faultFor(id, scenario);
  if (fault?.kind === 'timeout') {
    await latency;
    onTimeout();
    await delay('infinite');
  }
  const [response] = await Promise.all([answerWithFault(id, fault, input, resolve), latency]);
  return response;
}

async function answerWithFault(
  id: EndpointId,
  fault: Fault | undefined,
  input: EndpointRequest,
  resolve: EndpointResolver,
): Promise<Response> {
  if (fault?.kind === 'malformed')
    return new HttpResponse(MALFORMED_BODY, { status: 200, headers: { 'content-type': 'application/json' } });
  if (typeof fault?.kind === 'number') {
    const status = fault.kind;
    if (NULL_BODY_STATUSES.has(status))
      return new HttpResponse(null, { status, headers: { [MOCK_ANSWER_HEADER]: 'fault' } });
    if (status < 200 || status > 299)
      return errorResponse(status, `Mock fault: ${id} answers ${status} (fault=${fault.endpoint}:${status}).`, 'fault');
    const normal = await resolve(input);
    // A request the handler refuses (400, 404) stays refused: the fault only changes successful answers.
    if (!normal.ok) return normal;
    return new HttpResponse(await normal.text(), { status, headers: normal.headers });
  }
  return resolve(input);
}

/**
 * One MSW handler for one call of API_CALLS (method and path from the table), reading the scenario at
 * request time, applying its latency and fault, and logging the request on arrival.
 */
export function mockEndpoint(id: EndpointId, resolve: EndpointResolver) {
  const resolver: HttpResponseResolver<PathParams, DefaultBodyType> = async ({ request, params }) => {
    const entry = logRequest({ endpoint: id, method: request.method, url: request.url, at: Date.now() }, request);
    const response = await applyScenario(id, { request, params, scenario: await scenarioFor(request) }, resolve, () =>
      settleRequest(entry, 'timeout'),
    );
    settleRequest(entry, response.status);
    return response;
  };
  return API_CALLS[id].method === 'GET'
    ? http.get(endpointPattern(id), resolver)
    : http.post(endpointPattern(id), resolver);
}
