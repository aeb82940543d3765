import { HttpResponse } from 'msw';
import type { OidcTokenResponseDto, UmsTokenResponseDto } from '../../runtime/api/api-types';
import { customerNumberFor } from '../fixtures/customers';
import { mintTokenPair, REFRESH_TOKEN_LIFETIME_S, tokenCustomerNumber } from '../fixtures/tokens';
import { errorResponse, type EndpointResolvers } from '../faults';
import type { MockScenario } from '../scenario';

/** New tokens stay with the customer the refresh token (else the access token) was issued for, e.g. after a switch. */
function refreshedCustomer(scenario: MockScenario, refreshToken: string, accessToken?: string | null): string {
  return tokenCustomerNumber(refreshToken) ?? tokenCustomerNumber(accessToken) ?? customerNumberFor(scenario);
}

const required = (...fields: string[]) => errorResponse(400, `${fields.join(' and ')} required.`);

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => null);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Token refresh and logout, both variants: user-management (JSON) and the identity provider (OIDC, form-encoded). */
export const authResolvers = {
  'token-refresh': async ({ request, scenario }) => {
    const body = await jsonBody(request);
    const refreshToken = text(body.refresh_token);
    if (!refreshToken) return required('refresh_token');
    const answer: UmsTokenResponseDto = {
      data: mintTokenPair(refreshedCustomer(scenario, refreshToken, text(body.access_token)), scenario.token),
    };
    return HttpResponse.json(answer);
  },
  'oidc-token': async ({ request, scenario }) => {
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'refresh_token') return required('grant_type=refresh_token');
    const refreshToken = form.get('refresh_token');
    if (!refreshToken || !form.get('client_id')) return required('refresh_token', 'client_id');
    const answer: OidcTokenResponseDto = {
      ...mintTokenPair(refreshedCustomer(scenario, refreshToken), scenario.token),
      expires_in: scenario.token,
      refresh_expires_in: REFRESH_TOKEN_LIFETIME_S,
      token_type: 'Bearer',
    };
    return HttpResponse.json(answer);
  },
  logout: async ({ request }) =>
    text((await jsonBody(request)).refresh_token) ? new HttpResponse(null, { status: 204 }) : required('refresh_token'),
  'oidc-logout': async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    return form.get('refresh_token') && form.get('client_id')
      ? new HttpResponse(null, { status: 204 })
      : required('refresh_token', 'client_id');
  },
} satisfies EndpointResolvers;
