import { describe, expect, it } from 'vitest';
import { DEFAULT_UNREAD_COUNT } from './unread-count';
import { useMockServer } from '../node';
import { getRequestLog } from '../request-log';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../scenario';
import { mintTokens } from '../fixtures/tokens';
import { jwtDecode } from 'jwt-decode';

useMockServer();

const scenario = (over: Partial<MockScenario> = {}): MockScenario => ({ ...DEFAULT_MOCK_SCENARIO, ...over });
const get = async (path: string, init?: RequestInit) => {
  const response = await fetch(path, init);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
};

describe('customer', () => {
  it('answers the persona, with each data variant changing its field', async () => {
    setMockScenario(scenario({ locale: 'fr-FR' }));
    const { status, body } = await get('/api/customer-account/customers/4711-0815?embed=all-persons');
    expect(status).toBe(200);
    expect(body).toMatchObject({ bacNumber: '4711-0815', status: 'Active', customerType: 'PRIVATE', address: { countryCode: 'FR' }, dataValidity: { status: 'VALID' } });
    setMockScenario(scenario({ data: ['missing-iban', 'cdvc-expired', 'restricted', 'finance-knowledge-hidden'] }));
    expect((await get('/api/customer-account/customers/4711-0815')).body).toMatchObject({ referenceAccounts: [{ iban: null }], dataValidity: { status: 'EXPIRED' }, status: 'Restricted', distributorId: 'partner-co-brand' });
  });

  it('uk-missing-financial-info: a UK customer without origin of funds', async () => {
    setMockScenario(scenario({ data: ['uk-missing-financial-info'] }));
    const { body } = await get('/api/customer-account/customers/4711-0815');
    expect(body).toMatchObject({ address: { countryCode: 'GB' } });
    expect((body!.persons as { additionalFinancialInformation: object }[])[0]!.additionalFinancialInformation).not.toHaveProperty('sourceOfFunds');
  });

  it('company and pending personas', async () => {
    setMockScenario(scenario({ persona: 'company' }));
    expect((await get('/api/customer-account/customers/9001-2024')).body).toMatchObject({ customerType: 'COMPANY' });
    setMockScenario(scenario({ persona: 'pending' }));
    expect((await get('/api/customer-account/customers/4711-0815')).body).toMatchObject({ pendingStates: ['PENDING_OVERNIGHT_ACCOUNT_ACTIVATION'] });
  });

  it('no-customer-data answers 404, as does an unknown customer number', async () => {
    setMockScenario(scenario({ persona: 'no-customer-data' }));
    expect((await get('/api/customer-account/customers/4711-0815')).status).toBe(404);
    setMockScenario(scenario());
    expect((await get('/api/customer-account/customers/0000')).status).toBe(404);
  });
});

describe('accounts', () => {
  it('lists by customer filter and answers the balance on the account call', async () => {
    setMockScenario(scenario({ locale: 'en-GB' }));
    const list = await get(`/api/customer-account/accounts?filter=${encodeURIComponent('customerId eq 4711-0815')}`);
    expect(list.body).toMatchObject({ data: [{ id: 'acc-1001', state: 'ACTIVE', currencyCode: 'GBP', sortCode: '60-16-13' }] });
    expect((list.body!.data as object[])[0]).not.toHaveProperty('balance');
    expect((await get('/api/customer-account/accounts/acc-1001?embed=balance')).body).toMatchObject({ balance: { current: 25430.18, available: 24930.18 } });
  });

  it('refuses a list call without the filter', async () => {
    expect((await get('/api/customer-account/accounts')).status).toBe(400);
  });

  it('maintenance and balance-error variants', async () => {
    setMockScenario(scenario({ data: ['maintenance', 'balance-error'] }));
    const { body } = await get('/api/customer-account/accounts/acc-1001?embed=balance');
    expect(body).toMatchObject({ isMaintenance: true });
    expect(body).not.toHaveProperty('balance');
  });
});

describe('access calls', () => {
  it('default customer: every deposit access, no DWM/robo/pension', async () => {
    expect((await get('/api/customer-account/deposit-types?customer_id=4711-0815')).body).toEqual({ overnight_account: true, notice_account: true, term_deposit: true });
    expect((await get('/api/product/product-types?distributor_id=default&distribution_channel_id=direct')).body).toEqual({ term_product_access: true, overnight_product_access: true, notice_product_access: true });
    expect(((await get('/api/product/product-management/products?customer_id=4711-0815')).body!.data as { productType: string }[]).map((p) => p.productType)).toEqual(['FIXED', 'FLEX', 'OVERNIGHT', 'NOTICE']);
    expect((await get('/api/product/pension/customers/cus-4711-0815/products')).body).toEqual({ data: [] });
  });

  it('access= replaces the defaults; instances are paged', async () => {
    setMockScenario(scenario({ access: ['overnight_account', 'hasDWMProduct', 'hasMigratedRobo', 'pension'] }));
    expect((await get('/api/customer-account/deposit-types?customer_id=x')).body).toEqual({ overnight_account: true, notice_account: false, term_deposit: false });
    expect((await get('/api/product/pension/customers/cus-4711-0815/products')).body).toEqual({ data: ['pension'] });
    const first = await get('/api/product/product-instances?customer_domain_id=cus-4711-0815');
    expect(first.body).toMatchObject({ nextPageId: '1' });
    const second = await get('/api/product/product-instances?customer_domain_id=cus-4711-0815&pageId=1');
    expect(second.body).toMatchObject({ nextPageId: null });
    const templates = [...(first.body!.data as { instance_template_domain_id: string }[]), ...(second.body!.data as { instance_template_domain_id: string }[])].map((i) => i.instance_template_domain_id);
    expect(templates).toEqual(['FIXED12M', 'DWM70', 'ROBO50', 'DWM30']);
  });

  it('pension products answer only for German customers', async () => {
    setMockScenario(scenario({ locale: 'nl-NL' }));
    expect((await get('/api/product/pension/customers/cus-4711-0815/products')).status).toBe(404);
  });
});

describe('unread count, switchable accounts, co-branding', () => {
  it('unread count defaults to 3; no-unread gives 0', async () => {
    expect((await get('/api/customer-portal/threads/unread-count?customer_id=4711-0815')).body).toEqual({ data: DEFAULT_UNREAD_COUNT });
    setMockScenario(scenario({ data: ['no-unread'] }));
    expect((await get('/api/customer-portal/threads/unread-count?customer_id=4711-0815')).body).toEqual({ data: 0 });
  });

  it('switchable accounts only with the data variant; switching answers tokens of the chosen customer', async () => {
    expect(await (await fetch('/api/user-management/public/users/user-2001/switchable-accounts/4711-0815')).json()).toEqual([]);
    setMockScenario(scenario({ data: ['switchable-accounts'] }));
    const list = (await (await fetch('/api/user-management/public/users/user-2001/switchable-accounts/4711-0815')).json()) as { customer_id: string }[];
    expect(list).toHaveLength(2);
    const switched = await get('/api/user-management/public/users/user-2001/switch-account', { method: 'POST', body: JSON.stringify({ customer_id: list[1]!.customer_id }), headers: { 'content-type': 'application/json' } });
    expect(jwtDecode<{ customer_number: string }>((switched.body!.data as { access_token: string }).access_token).customer_number).toBe(list[1]!.customer_id);
    expect((await get('/api/user-management/public/users/user-2001/switch-account', { method: 'POST', body: '{"customer_id":"nope"}' })).status).toBe(400);
  });

  it('co-branding answers the partner distributor only', async () => {
    expect((await get('/api/customer-info/distributors/partner-co-brand/cobranding')).body).toMatchObject({ distributor_logo: { url: '/assets/partners/partner.svg' } });
    expect((await get('/api/customer-info/distributors/other/cobranding')).status).toBe(404);
  });
});

describe('tokens and auth calls', () => {
  it('mintTokens: null for visitors; exp = now + token seconds for customers', () => {
    expect(mintTokens(scenario({ persona: 'visitor' }))).toBeNull();
    const pair = mintTokens(scenario({ token: 600 }), 1_000_000_000_000)!;
    expect(jwtDecode(pair.access_token)).toMatchObject({ exp: 1_000_000_600, iat: 1_000_000_000, azp: 'portal-shell', customer_number: '4711-0815', sub: 'user-2001' });
  });

  it('UMS and OIDC refresh answer fresh tokens; both logouts answer 204', async () => {
    const ums = await get('/api/user-management/public/token/refresh', { method: 'POST', body: JSON.stringify({ access_token: 'x', refresh_token: 'r' }) });
    expect(ums.body).toMatchObject({ data: { access_token: expect.any(String), refresh_token: expect.any(String) } });
    const oidc = await get('/api/identity/protocol/openid-connect/token', { method: 'POST', body: 'grant_type=refresh_token&client_id=portal-shell&refresh_token=r' });
    expect(oidc.body).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });
    expect((await fetch('/api/user-management/public/token/logout', { method: 'POST', body: '{"refresh_token":"r"}' })).status).toBe(204);
    expect((await fetch('/api/identity/protocol/openid-connect/logout', { method: 'POST', body: 'refresh_token=r&client_id=c' })).status).toBe(204);
  });

  it('refuses incomplete auth calls with 400', async () => {
    expect((await fetch('/api/user-management/public/token/refresh', { method: 'POST', body: '{}' })).status).toBe(400);
    expect((await fetch('/api/identity/protocol/openid-connect/token', { method: 'POST', body: 'grant_type=password' })).status).toBe(400);
  });
});

describe('latency, faults and the request log', () => {
  it('latency delays every answer', async () => {
    setMockScenario(scenario({ latency: 60 }));
    const started = performance.now();
    await fetch('/api/customer-portal/threads/unread-count?customer_id=1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it.each([500, 503, 403, 404, 410])('fault status %i answers that status', async (status) => {
    setMockScenario(scenario({ faults: [{ endpoint: 'unread-count', kind: status }] }));
    expect((await fetch('/api/customer-portal/threads/unread-count?customer_id=1')).status).toBe(status);
    expect((await fetch('/api/customer-account/deposit-types?customer_id=1')).status).toBe(200);
  });

  it('206 answers the normal body with status 206', async () => {
    setMockScenario(scenario({ faults: [{ endpoint: 'accounts', kind: 206 }] }));
    const response = await fetch(`/api/customer-account/accounts?filter=${encodeURIComponent('customerId eq 4711-0815')}`);
    expect(response.status).toBe(206);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('malformed answers 200 with a body that is not JSON', async () => {
    setMockScenario(scenario({ faults: [{ endpoint: 'customer', kind: 'malformed' }] }));
    const response = await fetch('/api/customer-account/customers/4711-0815');
    expect(response.status).toBe(200);
    await expect(response.json()).rejects.toThrow();
  });

  it('timeout never answers (the client gives up)', async () => {
    setMockScenario(scenario({ faults: [{ endpoint: 'logout', kind: 'timeout' }] }));
    await expect(fetch('/api/identity/protocol/openid-connect/logout', { method: 'POST', body: 'refresh_token=r&client_id=c', signal: AbortSignal.timeout(150) })).rejects.toThrow();
  });

  it('logs every handled request with its endpoint and status', async () => {
    setMockScenario(scenario({ faults: [{ endpoint: 'customer', kind: 500 }] }));
    await fetch('/api/customer-account/customers/4711-0815');
    await fetch('/api/customer-portal/threads/unread-count?customer_id=1');
    expect(getRequestLog().map((r) => [r.endpoint, r.status])).toEqual([
      ['customer', 500],
      ['unread-count', 200],
    ]);
  });
});
