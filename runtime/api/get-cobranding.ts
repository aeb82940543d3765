import { endpointRequest } from './api-paths';
import type { CobrandingDto } from './api-types';
import type { HttpClient } from './http-client';

/** Distributors without co-branding; no call is made for them (docs/rules.md#customer-data). */
export const DEFAULT_DISTRIBUTORS: readonly string[] = ['default'];

/** docs/rules.md#customer-data: a failed co-branding fetch is logged and gives null; the page goes on without a partner logo. */
export async function getCobranding(client: HttpClient, distributorId: string): Promise<CobrandingDto | null> {
  try {
    const response = await client.request<CobrandingDto>(endpointRequest('cobranding', { distributorId }));
    return response.data ?? null;
  } catch (error) {
    console.error(`[cobranding] ${(error as Error).message}`);
    return null;
  }
}
