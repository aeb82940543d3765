import { HttpResponse } from 'msw';
import { unreadCountFor } from '../fixtures/unread-count';
import { errorResponse, type EndpointResolvers } from '../faults';

export { DEFAULT_UNREAD_COUNT } from '../fixtures/unread-count';

/** GET /threads/unread-count?customer_id= (customer-portal service). */
export const unreadCountResolvers = {
  'unread-count': ({ request, scenario }) => {
    if (!new URL(request.url).searchParams.get('customer_id'))
      return errorResponse(400, 'Query parameter customer_id required.');
    return HttpResponse.json(unreadCountFor(scenario));
  },
} satisfies EndpointResolvers;
