// @vitest-environment jsdom
import { jwtDecode } from 'jwt-decode';
import { describe, expect, it } from 'vitest';
import type {
  AccessTokenClaims,
  CustomerDto,
  SwitchableAccountDto,
  UmsTokenResponseDto,
} from '../../runtime/api/api-types';
import { callJson, COMPANY_BAC, PRIVATE_BAC, USER_ID } from '../__fixtures__/calls';
import { useMockServer } from '../node';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../scenario';

useMockServer();

const scenario = (over: Partial<MockScenario> = {}) => setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...over });
const listFor = (customerId = PRIVATE_BAC, userId = USER_ID) =>
  callJson<SwitchableAccountDto[]>('switchable-accounts', { params: { userId, customerId } });
const switchTo = (customer_id: unknown, userId = USER_ID) =>
  callJson<UmsTokenResponseDto>('switch-account', { params: { userId }, json: { customer_id } });

describe('GET /public/users/{userId}/switchable-accounts/{customerId}', () => {
  it('an empty list without the data variant', async () => {
    expect(await listFor()).toEqual({ status: 200, body: [] });
  });

  it('switchable-accounts: two entries with first_name, last_name, customer_id', async () => {
    scenario({ data: ['switchable-accounts'] });
    expect((await listFor()).body).toEqual([
      { first_name: 'Anna', last_name: 'Schmidt (Gemeinschaftskonto)', customer_id: '4712-0816' },
      { first_name: 'Schmidt', last_name: 'Consulting GmbH', customer_id: '9002-2025' },
    ]);
  });

  it('after a switch the list still has two entries: the others, the original customer among them', async () => {
    scenario({ data: ['switchable-accounts'] });
    expect((await listFor('4712-0816')).body.map((a) => `${a.first_name} ${a.last_name} ${a.customer_id}`)).toEqual([
      'Anna Schmidt 4711-0815',
      'Schmidt Consulting GmbH 9002-2025',
    ]);
  });

  it('a company persona lists the same two targets', async () => {
    scenario({ persona: 'company', data: ['switchable-accounts'] });
    expect((await listFor(COMPANY_BAC)).body.map((a) => a.customer_id)).toEqual(['4712-0816', '9002-2025']);
  });

  it('an unknown customer gets no list; an unknown user 404', async () => {
    scenario({ data: ['switchable-accounts'] });
    expect((await listFor('0000-0000')).body).toEqual([]);
    expect((await listFor(PRIVATE_BAC, 'user-1')).status).toBe(404);
  });
});

describe('POST /public/users/{userId}/switch-account', () => {
  it('answers tokens for the chosen customer, whose customer record and account then answer', async () => {
    scenario({ data: ['switchable-accounts'], token: 900 });
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await switchTo('9002-2025');
    expect(status).toBe(200);
    const claims = jwtDecode<AccessTokenClaims>(body.data.access_token);
    expect(claims).toMatchObject({ customer_number: '9002-2025', sub: USER_ID, azp: 'portal-shell' });
    expect(claims.exp - claims.iat).toBe(900);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(jwtDecode(body.data.refresh_token)).toMatchObject({ customer_number: '9002-2025' });
    const customer = await callJson<CustomerDto>('customer', { params: { bacNumber: claims.customer_number! } });
    expect(customer.body).toMatchObject({ customerType: 'COMPANY', persons: [{ lastName: 'Consulting GmbH' }] });
  });

  it('refuses a customer the user does not have (and any switch without the data variant, except to itself)', async () => {
    expect((await switchTo('4712-0816')).status).toBe(400);
    expect((await switchTo(PRIVATE_BAC)).status).toBe(200);
    scenario({ data: ['switchable-accounts'] });
    expect(await switchTo('nope')).toEqual({
      status: 400,
      body: { error: 'customer_id must be one of 4711-0815, 4712-0816, 9002-2025.' },
    });
    expect((await switchTo(42)).status).toBe(400);
    expect((await switchTo('4712-0816', 'user-1')).status).toBe(404);
  });
});
