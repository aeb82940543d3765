import useSWR from 'swr';
import { endpointPath } from './api-paths';
import type { CobrandingDto } from './api-types';
import { useApiClient } from './api-context';
import type { HttpClient } from './http-client';

/** Distributors without co-branding; no call is made for them (SPEC §7). */
export const DEFAULT_DISTRIBUTORS: readonly string[] = ['default'];

/** SPEC §8: a failed co-branding fetch is logged and gives null; the page goes on without a partner logo. */
export async function getCobranding(client: HttpClient, distributorId: string): Promise<CobrandingDto | null> {
  try {
    const response = await client.request<CobrandingDto>({ method: 'GET', service: 'customer-info', path: endpointPath('cobranding', { distributorId }) });
    return response.data ?? null;
  } catch (error) {
    console.error(`[cobranding] ${(error as Error).message}`);
    return null;
  }
}

/** SWR key, or null for the default distributors, which have no co-branding to fetch. */
export const cobrandingKey = (distributorId: string | undefined) => (distributorId && !DEFAULT_DISTRIBUTORS.includes(distributorId) ? (['cobranding', distributorId] as const) : null);

export function useCobranding(distributorId: string | undefined) {
  const client = useApiClient();
  return useSWR(cobrandingKey(distributorId), () => getCobranding(client, distributorId!));
}
