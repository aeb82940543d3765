import { HttpResponse } from 'msw';
import type { UmsTokenResponseDto } from '../../runtime/api/api-types';
import { switchableAccountsFor, USER_ID, userCustomerNumbers } from '../fixtures/customers';
import { mintTokenPair } from '../fixtures/tokens';
import { errorResponse, type EndpointResolvers, pathParam } from '../faults';

const unknownUser = (userId: string) => errorResponse(404, `No user ${userId}; the mock user is ${USER_ID}.`);

/** GET switchable accounts and POST switch-account (user-management service). */
export const switchableAccountResolvers = {
  'switchable-accounts': ({ params, scenario }) => {
    const userId = pathParam(params, 'userId');
    if (userId !== USER_ID) return unknownUser(userId);
    return HttpResponse.json(switchableAccountsFor(scenario, pathParam(params, 'customerId')));
  },
  'switch-account': async ({ request, params, scenario }) => {
    const userId = pathParam(params, 'userId');
    if (userId !== USER_ID) return unknownUser(userId);
    const body = (await request.json().catch(() => null)) as { customer_id?: unknown } | null;
    const target = typeof body?.customer_id === 'string' ? body.customer_id : undefined;
    const allowed = userCustomerNumbers(scenario);
    if (!target || !allowed.includes(target))
      return errorResponse(400, `customer_id must be one of ${allowed.join(', ') || '(none in this scenario)'}.`);
    const answer: UmsTokenResponseDto = { data: mintTokenPair(target, scenario.token) };
    return HttpResponse.json(answer);
  },
} satisfies EndpointResolvers;
