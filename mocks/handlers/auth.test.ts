// @vitest-environment jsdom
import { jwtDecode } from 'jwt-decode';
import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims, OidcTokenResponseDto, UmsTokenResponseDto } from '../../runtime/api/api-types';
import { call, callJson, COMPANY_BAC, PRIVATE_BAC } from '../__fixtures__/calls';
import { mintTokenPair } from '../fixtures/tokens';
import { useMockServer } from '../node';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../scenario';

useMockServer();

const scenario = (over: Partial<MockScenario> = {}) => setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...over });
const claims = (token: string) => jwtDecode<AccessTokenClaims>(token);
const old = mintTokenPair('4712-0816', 60, Date.now() - 3_600_000);

describe('POST /public/token/refresh (user-management, JSON)', () => {
  it('answers { data } with a fresh exp of scenario.token seconds, for the refresh token’s customer', async () => {
    scenario({ token: 120, data: ['switchable-accounts'] });
    const now = Math.floor(Date.now() / 1000);
    const { status, body } = await callJson<UmsTokenResponseDto>('token-refresh', { json: old });
    expect(status).toBe(200);
    const fresh = claims(body.data.access_token);
    expect(fresh.customer_number).toBe('4712-0816');
    expect(fresh.exp - fresh.iat).toBe(120);
    expect(fresh.iat).toBeGreaterThanOrEqual(now);
    expect(fresh.exp).toBeGreaterThan(claims(old.access_token).exp);
    expect(body.data.refresh_token).not.toBe(old.refresh_token);
  });

  it('an unreadable refresh token refreshes into the persona’s customer', async () => {
    scenario({ persona: 'company' });
    const { body } = await callJson<UmsTokenResponseDto>('token-refresh', {
      json: { access_token: 'x', refresh_token: 'opaque' },
    });
    expect(claims(body.data.access_token).customer_number).toBe(COMPANY_BAC);
  });

  it('refuses a call without refresh_token', async () => {
    expect(await callJson('token-refresh', { json: { access_token: old.access_token } })).toEqual({
      status: 400,
      body: { error: 'refresh_token required.' },
    });
    expect((await call('token-refresh', { json: undefined })).status).toBe(400);
  });
});

describe('POST /protocol/openid-connect/token (identity provider, form)', () => {
  it('answers the token pair at the top level with expires_in = scenario.token', async () => {
    scenario({ token: 300 });
    const { status, body } = await callJson<OidcTokenResponseDto>('oidc-token', {
      form: {
        grant_type: 'refresh_token',
        client_id: 'portal-shell',
        refresh_token: mintTokenPair(PRIVATE_BAC, 10).refresh_token,
      },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ expires_in: 300, refresh_expires_in: 86_400, token_type: 'Bearer' });
    const fresh = claims(body.access_token);
    expect(fresh.exp - fresh.iat).toBe(300);
    expect(fresh.customer_number).toBe(PRIVATE_BAC);
  });

  it.each([
    [{ grant_type: 'password', client_id: 'c', refresh_token: 'r' }, 'grant_type=refresh_token required.'],
    [{ grant_type: 'refresh_token', client_id: 'c' }, 'refresh_token and client_id required.'],
    [{ grant_type: 'refresh_token', refresh_token: 'r' }, 'refresh_token and client_id required.'],
  ])('refuses %j', async (form, error) => {
    expect(await callJson('oidc-token', { form })).toEqual({ status: 400, body: { error } });
  });
});

describe('logout, both variants', () => {
  it('user-management: 204 with an empty body', async () => {
    const response = await call('logout');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await call('logout', { json: {} })).status).toBe(400);
  });

  it('OIDC: 204 with an empty body', async () => {
    const response = await call('oidc-logout');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await call('oidc-logout', { form: { refresh_token: 'r' } })).status).toBe(400);
  });
});
