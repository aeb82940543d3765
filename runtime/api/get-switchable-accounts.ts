import { endpointRequest } from './api-paths';
import type { SwitchableAccountDto, TokenPairDto, UmsTokenResponseDto } from './api-types';
import type { HttpClient } from './http-client';

export interface SwitchableLookup {
  flags: ReadonlySet<string>;
  userId: string | undefined;
  customerNumber: string | undefined;
  /** The lookup's further check, decided here as "the customer is active" (docs/api-calls.md). */
  customerActive: boolean;
}

/** docs/rules.md#customer-data: the lookup runs only when the flag is on, both ids exist and the further check passes. */
export function canLookUpSwitchableAccounts(input: SwitchableLookup): boolean {
  return input.flags.has('accountSwitch') && !!input.userId && !!input.customerNumber && input.customerActive;
}

/** A failure logs a warning and gives an empty list: the account menu shows no switch (docs/rules.md#customer-data). */
export async function getSwitchableAccounts(
  client: HttpClient,
  userId: string,
  customerId: string,
): Promise<SwitchableAccountDto[]> {
  try {
    const response = await client.request<SwitchableAccountDto[]>(
      endpointRequest('switchable-accounts', { userId, customerId }),
    );
    return Array.isArray(response.data) ? response.data.filter((a) => a && typeof a.customer_id === 'string') : [];
  } catch (error) {
    console.warn(`[switchable-accounts] ${(error as Error).message}`);
    return [];
  }
}

/** Switching is by customerId; the answer is a token pair for the chosen customer. */
export async function switchAccount(client: HttpClient, userId: string, customerId: string): Promise<TokenPairDto> {
  const response = await client.request<UmsTokenResponseDto>({
    ...endpointRequest('switch-account', { userId }),
    json: { customer_id: customerId },
  });
  if (!response.data?.data?.access_token) throw new TypeError('switch-account answered without data.access_token');
  return response.data.data;
}
