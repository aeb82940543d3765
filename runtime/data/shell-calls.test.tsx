import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { endpointPattern } from '../../mocks/faults';
import { customerFor } from '../../mocks/fixtures/customers';
import { mintTokens, tokenCustomerNumber } from '../../mocks/fixtures/tokens';
import { server, useMockServer } from '../../mocks/node';
import { getRequestLog } from '../../mocks/request-log';
import { DEFAULT_MOCK_SCENARIO, getMockScenario, setMockScenario, type MockScenario } from '../../mocks/scenario';
import type { CustomerDto } from '../api/api-types';
import { ApiProvider } from '../api/api-context';
import { DEFAULT_API_HOSTS } from '../api/environment';
import { createHttpClient } from '../api/http-client';
import { SHELL_SWR_CONFIG } from '../api/swr-policy';
import { PrefetchTable, prefetchHeaderCalls, prefetchMiddleware } from './prefetch';
import { HEADER_CALL_IDS, planShellCall, waitsFor, type ShellCallInputs } from './shell-calls';
import { useShellData } from './use-shell-data';

useMockServer();

const CUSTOMER: CustomerDto = {
  id: 'cus-1',
  bacNumber: '1000-0001',
  distributorId: 'partner-co-brand',
  status: 'Active',
  customerType: 'PRIVATE',
  address: { countryCode: 'DE' },
} as CustomerDto;

/** Everything any header call can wait for, for a German customer of a partner, with account switching on. */
const EVERYTHING: ShellCallInputs = {
  customerNumber: '1000-0001',
  userId: 'user-1',
  locale: 'de-DE',
  flags: new Set(['accountSwitch']),
  customer: CUSTOMER,
  accounts: { value: [{ id: 'acc-1', accountNumber: '1', state: 'ACTIVE' } as never], maintenance: false },
};

describe('SHELL_CALLS: what each call waits for is what it needs', () => {
  it.each(HEADER_CALL_IDS)('%s is planned with everything, and not without any one input it waits for', (id) => {
    expect(planShellCall(id, EVERYTHING)?.key[0]).toBe(id);
    for (const input of waitsFor(id))
      expect(planShellCall(id, { ...EVERYTHING, [input]: undefined }), `${id} without ${input}`).toBeNull();
  });

  it('a visitor asks only for a referring partner’s co-branding', () => {
    const visitor: ShellCallInputs = {
      locale: 'de-DE',
      flags: new Set(['accountSwitch']),
      visitorDistributorId: 'partner-co-brand',
    };
    expect(HEADER_CALL_IDS.filter((id) => planShellCall(id, visitor))).toEqual(['cobranding']);
    expect(planShellCall('cobranding', { ...visitor, visitorDistributorId: 'default' })).toBeNull();
  });
});

/** Prefetches for the scenario's customer, then mounts useShellData on the prefetched table until the header has loaded. */
async function prefetchThenMount(over: Partial<MockScenario>) {
  const scenario = { ...DEFAULT_MOCK_SCENARIO, ...over };
  setMockScenario(scenario);
  const tokens = mintTokens(scenario)!;
  const customerNumber = tokenCustomerNumber(tokens.access_token)!;
  const client = createHttpClient({
    hosts: DEFAULT_API_HOSTS.local,
    getAccessToken: () => tokens.access_token,
    logger: { error: () => undefined },
  });
  const table = new PrefetchTable();
  await prefetchHeaderCalls(table, client, customerNumber, scenario.locale);
  await waitFor(() => expect(getRequestLog().every((r) => r.status !== 'pending')).toBe(true));
  const prefetched = getRequestLog().map((r) => r.endpoint);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client}>
      <SWRConfig value={{ ...SHELL_SWR_CONFIG, provider: () => new Map(), use: [prefetchMiddleware(table)] }}>
        {children}
      </SWRConfig>
    </ApiProvider>
  );
  const { result } = renderHook(
    () =>
      useShellData({ identity: { userId: 'user-2001', customerNumber }, locale: scenario.locale, flags: new Set() }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.context.isHeaderDataLoading).toBeUndefined());
  await waitFor(() => expect(getRequestLog().every((r) => r.status !== 'pending')).toBe(true));
  return { table, prefetched, all: getRequestLog().map((r) => r.endpoint) };
}

describe('prefetchHeaderCalls makes exactly the calls the hooks then take', () => {
  it.each<[string, Partial<MockScenario>]>([
    ['a German private customer', {}],
    ['a Dutch customer (no pension products)', { locale: 'nl-NL' }],
    ['a partner’s customer (co-branding)', { data: ['finance-knowledge-hidden'] }],
    ['a company', { persona: 'company' }],
    ['a user without customer data (no round two)', { persona: 'no-customer-data' }],
  ])('%s: every prefetched call is taken, and the hooks call nothing again', async (_, over) => {
    const { table, prefetched, all } = await prefetchThenMount(over);
    expect(prefetched.length).toBeGreaterThan(0);
    expect(table.size).toBe(0);
    expect(all).toEqual(prefetched);
  });

  it('a customer without a distributor: the header loads, and no product-types call is made that no hook takes', async () => {
    server.use(
      http.get(endpointPattern('customer'), ({ params }) => {
        const customer = customerFor(getMockScenario(), String(params.bacNumber))!;
        return HttpResponse.json({ ...customer, distributorId: '' });
      }),
    );
    const { table, all } = await prefetchThenMount({});
    expect(all).not.toContain('product-types');
    expect(table.size).toBe(0);
  });
});
