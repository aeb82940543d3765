import useSWR from 'swr';
import { endpointPath } from './api-paths';
import type { CustomerDto } from './api-types';
import { useApiClient } from './api-context';
import type { HttpClient } from './http-client';

/** SPEC §7: every market embeds data validity except the UK, which checks financial information instead. */
export function customerEmbeds(locale: string): string {
  return locale === 'en-GB' ? 'all-persons,reference-accounts' : 'all-persons,reference-accounts,data-validity';
}

export async function getCustomer(client: HttpClient, bacNumber: string, locale: string): Promise<CustomerDto> {
  const response = await client.request<CustomerDto>({ method: 'GET', service: 'customer-account', path: endpointPath('customer', { bacNumber }), query: { embed: customerEmbeds(locale) } });
  return response.data;
}

/** The SWR key; the prefetch of the header's first round (runtime/data/prefetch.ts) uses it too. */
export const customerKey = (bacNumber: string, locale: string) => ['customer', bacNumber, customerEmbeds(locale)] as const;

export function useCustomer(bacNumber: string | undefined, locale: string) {
  const client = useApiClient();
  return useSWR(bacNumber ? customerKey(bacNumber, locale) : null, () => getCustomer(client, bacNumber!, locale));
}
