import { endpointRequest } from './api-paths';
import type { CustomerDto } from './api-types';
import type { HttpClient } from './http-client';

/** docs/rules.md#customer-data: every market embeds data validity except the UK, which checks financial information instead. */
export function customerEmbeds(locale: string): string {
  return locale === 'en-GB' ? 'all-persons,reference-accounts' : 'all-persons,reference-accounts,data-validity';
}

export async function getCustomer(client: HttpClient, bacNumber: string, locale: string): Promise<CustomerDto> {
  const response = await client.request<CustomerDto>({
    ...endpointRequest('customer', { bacNumber }),
    query: { embed: customerEmbeds(locale) },
  });
  return response.data;
}
