import { endpointRequest } from './api-paths';
import type { ListDto, TransactionAccountDto } from './api-types';
import type { HttpClient } from './http-client';

export interface WithMaintenance<T> {
  value: T;
  /** The answer was a 206: data, but maintenance (docs/rules.md#customer-panel). */
  maintenance: boolean;
}

export async function getAccounts(
  client: HttpClient,
  bacNumber: string,
): Promise<WithMaintenance<TransactionAccountDto[]>> {
  const response = await client.request<ListDto<TransactionAccountDto>>({
    ...endpointRequest('accounts'),
    query: { filter: `customerId eq ${bacNumber}` },
  });
  return { value: Array.isArray(response.data?.data) ? response.data.data : [], maintenance: response.maintenance };
}

export async function getAccount(
  client: HttpClient,
  accountId: string,
): Promise<WithMaintenance<TransactionAccountDto>> {
  const response = await client.request<TransactionAccountDto>({
    ...endpointRequest('account', { accountId }),
    query: { embed: 'balance' },
  });
  return { value: response.data, maintenance: response.maintenance };
}
