import { ENDPOINT_IDS, type EndpointId } from '../../schemas/contracts/api-calls';
import { mockEndpoint, type EndpointResolver } from '../faults';
import { accessResolvers } from './access';
import { accountResolvers } from './accounts';
import { authResolvers } from './auth';
import { cobrandingResolvers } from './cobranding';
import { customerResolvers } from './customer';
import { switchableAccountResolvers } from './switchable-accounts';
import { unreadCountResolvers } from './unread-count';

/**
 * The mock answer of every call in the table of calls (schemas/contracts/api-calls.ts), one file per
 * resource: a call without a resolver here is a compile error.
 */
export const RESOLVERS = {
  ...customerResolvers,
  ...accountResolvers,
  ...cobrandingResolvers,
  ...accessResolvers,
  ...unreadCountResolvers,
  ...switchableAccountResolvers,
  ...authResolvers,
} satisfies Record<EndpointId, EndpointResolver>;

/**
 * One MSW handler per call, in table order, each applying the scenario's latency and faults
 * (mocks/faults.ts). The browser worker, Vitest and Playwright share these; what they answer is decided by
 * the scenario (mocks/scenario.ts).
 */
export const handlers = ENDPOINT_IDS.map((id) => mockEndpoint(id, RESOLVERS[id]));
