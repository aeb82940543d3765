import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../../mocks/node';
import { getRequestLog } from '../../mocks/request-log';
import { DEFAULT_MOCK_SCENARIO, setMockScenario } from '../../mocks/scenario';
import { mintTokens } from '../../mocks/fixtures/tokens';
import { ApiProvider } from '../api/api-context';
import { DEFAULT_API_HOSTS } from '../api/environment';
import { createHttpClient } from '../api/http-client';
import { SHELL_SWR_CONFIG } from '../api/swr-policy';
import { PREFETCH_MAX_AGE_MS, PrefetchTable, prefetchHeaderCalls, prefetchMiddleware } from './prefetch';
import { useShellData } from './use-shell-data';
import { unstable_serialize } from 'swr';

useMockServer();

describe('PrefetchTable', () => {
  it('hands a prefetched call out once, to the first taker', async () => {
    const table = new PrefetchTable();
    table.put(['customer', '1'], () => Promise.resolve('Anna'));
    const key = unstable_serialize(['customer', '1']);
    await expect(table.take(key)).resolves.toBe('Anna');
    expect(table.take(key)).toBeUndefined();
  });

  it(`does not hand out an answer older than ${PREFETCH_MAX_AGE_MS} ms`, () => {
    let now = 0;
    const table = new PrefetchTable(() => now);
    table.put(['accounts', '1'], () => Promise.resolve([]));
    now = PREFETCH_MAX_AGE_MS + 1;
    expect(table.take(unstable_serialize(['accounts', '1']))).toBeUndefined();
  });

  it('a failed prefetch reaches its taker as a rejection, and nobody else', async () => {
    const table = new PrefetchTable();
    table.put(['customer', '2'], () => Promise.reject(new Error('503')));
    await expect(table.take(unstable_serialize(['customer', '2']))).rejects.toThrow('503');
  });
});

describe('prefetchMiddleware', () => {
  it('a hook whose key was prefetched uses that call and does not fetch itself', async () => {
    const table = new PrefetchTable();
    table.put(['greeting'], () => Promise.resolve('prefetched'));
    const fetcher = vi.fn(async () => 'fetched');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SWRConfig value={{ provider: () => new Map(), use: [prefetchMiddleware(table)] }}>{children}</SWRConfig>
    );
    const { result } = renderHook(() => useSWR(['greeting'], fetcher), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('prefetched'));
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('prefetchHeaderCalls with useShellData (shared MSW handlers)', () => {
  it('uses the hooks’ own keys: both rounds are made once, before the hooks mount, and never again', async () => {
    setMockScenario(DEFAULT_MOCK_SCENARIO);
    const tokens = mintTokens(DEFAULT_MOCK_SCENARIO)!;
    const client = createHttpClient({
      hosts: DEFAULT_API_HOSTS.local,
      getAccessToken: () => tokens.access_token,
      logger: { error: () => undefined },
    });
    const table = new PrefetchTable();
    prefetchHeaderCalls(table, client, '4711-0815', DEFAULT_MOCK_SCENARIO.locale);
    const firstRound = ['customer', 'accounts', 'unread-count', 'deposit-types', 'products'];
    // The default customer is German with the default distributor: pension products, no co-branding.
    const secondRound = ['account', 'product-types', 'product-instances', 'pension-products'];
    await waitFor(() =>
      expect(
        getRequestLog()
          .map((r) => r.endpoint)
          .sort(),
      ).toEqual([...firstRound, ...secondRound].sort()),
    );
    const log = getRequestLog();
    const arrival = (endpoint: string) => log.find((r) => r.endpoint === endpoint)!.at;
    expect(arrival('account')).toBeGreaterThanOrEqual(arrival('accounts'));
    for (const endpoint of ['product-types', 'product-instances', 'pension-products'])
      expect(arrival(endpoint)).toBeGreaterThanOrEqual(arrival('customer'));

    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider client={client}>
        <SWRConfig value={{ ...SHELL_SWR_CONFIG, provider: () => new Map(), use: [prefetchMiddleware(table)] }}>
          {children}
        </SWRConfig>
      </ApiProvider>
    );
    const { result } = renderHook(
      () =>
        useShellData({
          identity: { userId: 'user-2001', customerNumber: '4711-0815' },
          locale: DEFAULT_MOCK_SCENARIO.locale,
          flags: new Set(),
        }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.context.isHeaderDataLoading).toBeUndefined());
    expect(result.current.context.account).toBeDefined();
    for (const endpoint of [...firstRound, ...secondRound])
      expect(
        getRequestLog().filter((r) => r.endpoint === endpoint),
        endpoint,
      ).toHaveLength(1);
    expect(table.size).toBe(0);
  });
});
