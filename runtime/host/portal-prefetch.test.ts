import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockServer } from '../../mocks/node';
import { getRequestLog } from '../../mocks/request-log';
import { DEFAULT_MOCK_SCENARIO } from '../../mocks/scenario';
import { mintTokens } from '../../mocks/fixtures/tokens';
import { getAppServices } from './app-services';
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
});

describe('prefetchPortalFromUrl: a logged-in customer opening a portal page', () => {
  it('starts the header calls once the mocks intercept, and hands them to that customer once', async () => {
    const customerNumber = logIn();
    let intercept!: () => void;
    prefetchPortalFromUrl(page('/de-de/dashboard/'), new Promise<void>((resolve) => (intercept = resolve)));
    await Promise.resolve();
    expect(getRequestLog()).toHaveLength(0);
    intercept();
    await waitFor(() => expect(getRequestLog().map((r) => r.endpoint).sort()).toEqual(expect.arrayContaining(ROUND_ONE)));
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
