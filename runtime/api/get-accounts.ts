import useSWR from 'swr';
import { endpointPath } from './api-paths';
import type { ListDto, TransactionAccountDto } from './api-types';
import { useApiClient } from './api-context';
import type { HttpClient } from './http-client';

export interface WithMaintenance<T> {
  value: T;
  /** SPEC §4: the answer was a 206. */
  maintenance: boolean;
}

export async function getAccounts(client: HttpClient, bacNumber: string): Promise<WithMaintenance<TransactionAccountDto[]>> {
  const response = await client.request<ListDto<TransactionAccountDto>>({ method: 'GET', service: 'customer-account', path: endpointPath('accounts'), query: { filter: `customerId eq ${bacNumber}` } });
  return { value: Array.isArray(response.data?.data) ? response.data.data : [], maintenance: response.maintenance };
}

export async function getAccount(client: HttpClient, accountId: string): Promise<WithMaintenance<TransactionAccountDto>> {
  const response = await client.request<TransactionAccountDto>({ method: 'GET', service: 'customer-account', path: endpointPath('account', { accountId }), query: { embed: 'balance' } });
  return { value: response.data, maintenance: response.maintenance };
}

export const accountsKey = (bacNumber: string) => ['accounts', bacNumber] as const;
export const accountKey = (accountId: string) => ['account', accountId] as const;

export function useAccounts(bacNumber: string | undefined) {
  const client = useApiClient();
  return useSWR(bacNumber ? accountsKey(bacNumber) : null, () => getAccounts(client, bacNumber!));
}

export function useAccount(accountId: string | undefined) {
  const client = useApiClient();
  return useSWR(accountId ? accountKey(accountId) : null, () => getAccount(client, accountId!));
}
