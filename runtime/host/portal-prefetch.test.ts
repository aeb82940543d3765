// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { SWRConfig, unstable_serialize } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../mocks/node';
import { getRequestLog } from '../../mocks/request-log';
import { DEFAULT_MOCK_SCENARIO } from '../../mocks/scenario';
import { mintTokens } from '../../mocks/fixtures/tokens';
import { ApiProvider } from '../api/api-context';
import { HttpError } from '../api/http-error';
import { SHELL_SWR_CONFIG, shouldRetry } from '../api/swr-policy';
import { prefetchMiddleware } from '../data/prefetch';
import { planShellCall } from '../data/shell-calls';
import { useShellData } from '../data/use-shell-data';
import { getAppServices, readIdentity } from './app-services';
import { createEarlyCalls, leaveEarlyCalls, takeEarlyCalls } from './early-handoff';
import { portalHeaderCalls } from './early-plan';
import { prefetchPortalFromUrl, takePortalPrefetch } from './portal-prefetch';

useMockServer();

const page = (path: string) => new URL(path, 'http://portal.test');
const ROUND_ONE = ['accounts', 'customer', 'deposit-types', 'products', 'unread-count'];

function logIn() {
  const { tokenStore } = getAppServices();
  tokenStore.setTokens(mintTokens(DEFAULT_MOCK_SCENARIO)!);
  tokenStore.syncServerTimeFromToken();
  return tokenStore.getClaims()!.customer_number!;
}

beforeEach(() => {
  getAppServices().tokenStore.clear();
  takePortalPrefetch(undefined); // nothing left over from the test before
  takeEarlyCalls();
});

describe('prefetchPortalFromUrl: a logged-in customer opening a portal page', () => {
  it('starts the header calls once the mocks intercept, and hands them to that customer once', async () => {
    const customerNumber = logIn();
    let intercept!: () => void;
    prefetchPortalFromUrl(page('/de-de/dashboard/'), new Promise<void>((resolve) => (intercept = resolve)));
    await Promise.resolve();
    expect(getRequestLog()).toHaveLength(0);
    intercept();
    await waitFor(() =>
      expect(
        getRequestLog()
          .map((r) => r.endpoint)
          .sort(),
      ).toEqual(expect.arrayContaining(ROUND_ONE)),
    );
    expect(takePortalPrefetch(customerNumber)?.started).toBeGreaterThanOrEqual(ROUND_ONE.length);
    expect(takePortalPrefetch(customerNumber)).toBeUndefined();
  });

  it('hands nothing to another customer (the identity changed before the shell mounted)', () => {
    logIn();
    prefetchPortalFromUrl(page('/de-de/dashboard/'), new Promise(() => undefined));
    expect(takePortalPrefetch('someone-else')).toBeUndefined();
  });

  it('starts nothing for a visitor, a page that is not a portal page, or mocks that failed to start', async () => {
    prefetchPortalFromUrl(page('/de-de/dashboard/'), Promise.resolve());
    logIn();
    prefetchPortalFromUrl(page('/no/such/page'), Promise.resolve());
    prefetchPortalFromUrl(page('/preview?persona=customer'), Promise.resolve());
    prefetchPortalFromUrl(page('/de-de/dashboard/'), Promise.reject(new Error('worker gone')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getRequestLog()).toHaveLength(0);
  });
});

describe('prefetchPortalFromUrl: the inline early-calls script already started the calls', () => {
  const DASHBOARD = page('/de-de/dashboard/');
  /** Who the inline script would make the calls for on the dashboard: the planning both sides share. */
  const plannedFor = () => portalHeaderCalls(DASHBOARD, getAppServices().tokenStore)!;
  const customerKey = (customerNumber: string, configId: string) =>
    planShellCall('customer', { customerNumber, locale: configId })!.key;

  it('adopts them: the bundle starts no call of its own, and the hooks get the inline promises', async () => {
    const customerNumber = logIn();
    const { configId } = plannedFor();
    const inline = createEarlyCalls(customerNumber, configId);
    const answer = Promise.resolve({ id: 'from-the-inline-script' });
    inline.put(customerKey(customerNumber, configId), () => answer);
    leaveEarlyCalls(inline);

    prefetchPortalFromUrl(DASHBOARD, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(getRequestLog()).toHaveLength(0);
    const table = takePortalPrefetch(customerNumber)!;
    await expect(table.take(unstable_serialize(customerKey(customerNumber, configId)))).resolves.toEqual({
      id: 'from-the-inline-script',
    });
  });

  it('puts what the script starts after the adoption (round two) straight into the table', async () => {
    const customerNumber = logIn();
    const { configId } = plannedFor();
    const inline = createEarlyCalls(customerNumber, configId);
    leaveEarlyCalls(inline);
    prefetchPortalFromUrl(DASHBOARD, Promise.resolve());
    const table = takePortalPrefetch(customerNumber)!;
    expect(table.size).toBe(0);
    inline.put(['account', 'acc-1'], () => Promise.resolve('round two'));
    await expect(table.take(unstable_serialize(['account', 'acc-1']))).resolves.toBe('round two');
  });

  it('ignores calls made for another customer: they are never handed out, and the bundle makes its own', async () => {
    const customerNumber = logIn();
    const { configId } = plannedFor();
    const other = createEarlyCalls('someone-else', configId);
    other.put(customerKey(customerNumber, configId), () => Promise.resolve({ id: 'not yours' }));
    leaveEarlyCalls(other);

    prefetchPortalFromUrl(DASHBOARD, Promise.resolve());
    await waitFor(() => expect(getRequestLog().map((r) => r.endpoint)).toEqual(expect.arrayContaining(ROUND_ONE)));
    const table = takePortalPrefetch(customerNumber)!;
    const customer = (await table.take(unstable_serialize(customerKey(customerNumber, configId)))) as { id?: string };
    expect(customer.id).not.toBe('not yours');
    expect(takeEarlyCalls()).toBeUndefined(); // taken and dropped
  });

  it('a failed inline call reaches the hook as this bundle’s HttpError, and the retry policy calls again', async () => {
    const customerNumber = logIn();
    const { configId } = plannedFor();
    const inline = createEarlyCalls(customerNumber, configId);
    // The script's own copy of HttpError: same name and fields, another class.
    const foreign = Object.assign(new Error('GET /customers answered 503'), {
      name: 'HttpError',
      kind: 'status',
      url: '/customers',
      status: 503,
    });
    inline.put(customerKey(customerNumber, configId), () => Promise.reject(foreign));
    leaveEarlyCalls(inline);
    prefetchPortalFromUrl(DASHBOARD, Promise.resolve());
    const table = takePortalPrefetch(customerNumber)!;

    const taken = table.take(unstable_serialize(customerKey(customerNumber, configId)))!;
    const error = await taken.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ kind: 'status', status: 503, maintenance: true });
    expect(shouldRetry(error, 1)).toBe(true);
  });
});

describe('a failed inline call with the hooks (shared MSW handlers)', () => {
  it('the customer hook gets its answer through its own call after the retry delay', async () => {
    const customerNumber = logIn();
    const { configId } = portalHeaderCalls(page('/de-de/dashboard/'), getAppServices().tokenStore)!;
    const inline = createEarlyCalls(customerNumber, configId);
    const key = planShellCall('customer', { customerNumber, locale: configId })!.key;
    inline.put(key, () =>
      Promise.reject(
        Object.assign(new Error('network down'), { name: 'HttpError', kind: 'network', url: '/customers' }),
      ),
    );
    leaveEarlyCalls(inline);
    prefetchPortalFromUrl(page('/de-de/dashboard/'), Promise.resolve());
    const table = takePortalPrefetch(customerNumber)!;

    const { client } = getAppServices();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(ApiProvider, {
        client,
        children: createElement(
          SWRConfig,
          { value: { ...SHELL_SWR_CONFIG, provider: () => new Map(), use: [prefetchMiddleware(table)] } },
          children,
        ),
      });
    const identity = readIdentity(getAppServices().tokenStore)!;
    const { result } = renderHook(() => useShellData({ identity, locale: configId, flags: new Set() }), { wrapper });
    await waitFor(() => expect(result.current.context.customer).toBeDefined(), { timeout: 5_000 });
    expect(getRequestLog().filter((r) => r.endpoint === 'customer')).toHaveLength(1);
  });
});
