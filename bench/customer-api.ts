/**
 * A logged-in customer as a browser holds one, for the customer build's benchmarks: tokens in local storage and the
 * session hint cookie (docs/rendering.md#who-gets-what). Their /api/ calls are answered by mocks/answer-outside-page.ts
 * or bench/customer-origin.ts.
 */
import type { BrowserContext } from '@playwright/test';
import { createLocalDevToken, TOKEN_STORAGE_KEYS } from '../runtime/session';
import { SESSION_HINT_COOKIE } from '../schemas/contracts/portal-state';
import { customerNumberFor, USER_ID } from '../mocks/fixtures/customers';
import { REFRESH_TOKEN_LIFETIME_S } from '../mocks/fixtures/tokens';

/**
 * A logged-in private customer, as the mocks know them (their customer number and user id): fresh tokens from
 * runtime/session's local-dev maker in local storage before the first page's scripts run, and the `ps_session=1`
 * cookie the server reads to render the private frame.
 */
export async function logInCustomer(context: BrowserContext, baseURL: string): Promise<void> {
  const customerNumber = customerNumberFor({ persona: 'customer' });
  const issuedAt = Date.now();
  const tokens = {
    [TOKEN_STORAGE_KEYS.accessToken]: createLocalDevToken({ issuedAt, customerNumber, sub: USER_ID }),
    [TOKEN_STORAGE_KEYS.refreshToken]: createLocalDevToken({
      issuedAt,
      customerNumber,
      sub: USER_ID,
      lifetimeSeconds: REFRESH_TOKEN_LIFETIME_S,
    }),
  };
  await context.addInitScript((entries) => {
    // Only before the first page: the app's own changes (a refresh, a logout) must stand on later loads.
    if (!localStorage.getItem(Object.keys(entries)[0]!))
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, tokens);
  await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL }]);
}
