import { HttpResponse } from 'msw';
import { mockEndpoint } from '../faults';

/** SPEC §7: the mock helper's default unread count is 3. */
export const DEFAULT_UNREAD_COUNT = 3;

export const unreadCountHandlers = [
  mockEndpoint('unread-count', ({ request, scenario }) => {
    if (!new URL(request.url).searchParams.get('customer_id')) return HttpResponse.json({ error: 'customer_id is required' }, { status: 400 });
    return HttpResponse.json({ data: scenario.data.includes('no-unread') ? 0 : DEFAULT_UNREAD_COUNT });
  }),
];
