import useSWR from 'swr';
import { endpointPath } from './api-paths';
import type { SwitchableAccountDto, TokenPairDto, UmsTokenResponseDto } from './api-types';
import { useApiClient } from './api-context';
import type { HttpClient } from './http-client';

export interface SwitchableLookup {
  flags: ReadonlySet<string>;
  userId: string | undefined;
  customerNumber: string | undefined;
  /** The further check of SPEC §5: decided here as "the customer is active" (docs/api-calls.md). */
  customerActive: boolean;
}

/** SPEC §5: the lookup runs only when the flag is on, both ids exist and the further check passes. */
export function canLookUpSwitchableAccounts(input: SwitchableLookup): boolean {
  return input.flags.has('accountSwitch') && !!input.userId && !!input.customerNumber && input.customerActive;
}

export async function getSwitchableAccounts(client: HttpClient, userId: string, customerId: string): Promise<SwitchableAccountDto[]> {
  const response = await client.request<SwitchableAccountDto[]>({ method: 'GET', service: 'user-management', path: endpointPath('switchable-accounts', { userId, customerId }) });
  return Array.isArray(response.data) ? response.data.filter((a) => a && typeof a.customer_id === 'string') : [];
}

/** Switching is by customerId; the answer is a token pair for the chosen customer. */
export async function switchAccount(client: HttpClient, userId: string, customerId: string): Promise<TokenPairDto> {
  const response = await client.request<UmsTokenResponseDto>({ method: 'POST', service: 'user-management', path: endpointPath('switch-account', { userId }), json: { customer_id: customerId } });
  if (!response.data?.data?.access_token) throw new TypeError('switch-account answered without data.access_token');
  return response.data.data;
}

/** SPEC §8: a failure logs a warning and shows no list. */
export function useSwitchableAccounts(input: SwitchableLookup) {
  const client = useApiClient();
  const key = canLookUpSwitchableAccounts(input) ? ['switchable-accounts', input.userId!, input.customerNumber!] : null;
  return useSWR(key, async () => {
    try {
      return await getSwitchableAccounts(client, input.userId!, input.customerNumber!);
    } catch (error) {
      console.warn(`[switchable-accounts] ${(error as Error).message}`);
      return [];
    }
  });
}
