import useSWR from 'swr';
import { endpointPath } from './api-paths';
import type { UnreadCountDto } from './api-types';
import { useApiClient } from './api-context';
import type { HttpClient } from './http-client';

export async function getUnreadCount(client: HttpClient, customerNumber: string): Promise<number> {
  const response = await client.request<UnreadCountDto>({ method: 'GET', service: 'customer-portal', path: endpointPath('unread-count'), query: { customer_id: customerNumber } });
  const count = response.data?.data;
  if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) throw new TypeError(`unread-count answered ${JSON.stringify(response.data)}; expected { data: <number ≥ 0> }`);
  return count;
}

/** SPEC §8: an unread-count error is returned, and no badge is shown. */
export const unreadCountKey = (customerNumber: string) => ['unread-count', customerNumber] as const;

export function useUnreadCount(customerNumber: string | undefined) {
  const client = useApiClient();
  return useSWR(customerNumber ? unreadCountKey(customerNumber) : null, () => getUnreadCount(client, customerNumber!));
}
