import { HttpResponse } from 'msw';
import { jwtDecode } from 'jwt-decode';
import type { AccessTokenClaims } from '../../runtime/api/api-types';
import { customerNumberFor } from '../fixtures/customers';
import { mintTokenPair } from '../fixtures/tokens';
import { mockEndpoint } from '../faults';
import type { MockScenario } from '../scenario';

function customerOf(accessToken: string | null | undefined, scenario: MockScenario): string {
  try {
    if (accessToken) return jwtDecode<Partial<AccessTokenClaims>>(accessToken).customer_number ?? customerNumberFor(scenario);
  } catch {
    // an unreadable token refreshes into the scenario persona
  }
  return customerNumberFor(scenario);
}

const missing = (field: string) => HttpResponse.json({ error: `${field} is required` }, { status: 400 });

export const authHandlers = [
  mockEndpoint('token-refresh', async ({ request, scenario }) => {
    const body = (await request.json().catch(() => null)) as { access_token?: string; refresh_token?: string } | null;
    if (!body?.refresh_token) return missing('refresh_token');
    return HttpResponse.json({ data: mintTokenPair(customerOf(body.access_token, scenario), scenario.token) });
  }),
  mockEndpoint('oidc-token', async ({ request, scenario }) => {
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'refresh_token') return missing('grant_type=refresh_token');
    if (!form.get('refresh_token')) return missing('refresh_token');
    if (!form.get('client_id')) return missing('client_id');
    const auth = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
    return HttpResponse.json({ ...mintTokenPair(customerOf(auth, scenario), scenario.token), expires_in: scenario.token, token_type: 'Bearer' });
  }),
  mockEndpoint('logout', async ({ request }) => {
    const body = (await request.json().catch(() => null)) as { refresh_token?: string } | null;
    return body?.refresh_token ? new HttpResponse(null, { status: 204 }) : missing('refresh_token');
  }),
  mockEndpoint('oidc-logout', async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    return form.get('refresh_token') && form.get('client_id') ? new HttpResponse(null, { status: 204 }) : missing('refresh_token and client_id');
  }),
];
