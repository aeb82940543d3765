import { endpointRequest } from './api-paths';
import type { UnreadCountDto } from './api-types';
import type { HttpClient } from './http-client';

/** An unread-count error is thrown to the hook, and the header shows no badge (docs/rules.md#customer-panel). */
export async function getUnreadCount(client: HttpClient, customerNumber: string): Promise<number> {
  const response = await client.request<UnreadCountDto>({
    ...endpointRequest('unread-count'),
    query: { customer_id: customerNumber },
  });
  const count = response.data?.data;
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 0)
    throw new TypeError(`unread-count answered ${JSON.stringify(response.data)}; expected { data: <number ≥ 0> }`);
  return count;
}
