/**
 * main.tsx imports this module first, so its body runs before React, Chakra and the app are evaluated
 * (~100 ms on a slow machine): the configs, the mock worker's code, a shared preview's tokens and header
 * calls, and a logged-in customer's header calls on a portal page are on their way during that time
 * instead of after it. In the customer build's server-rendered pages those calls left even earlier, from the
 * inline early-calls script; prefetchPortalFromUrl adopts them (docs/rendering.md#the-customers-first-load).
 */
import { prepareScenarioFromUrl } from './prepare-scenario';
import { MOCKS_ENABLED, startMocks } from './start-mocks';
import { prefetchPortalFromUrl } from './portal-prefetch';
import { preloadStartupDocuments } from './startup-preload';
import { getAppServices, readIdentity } from './app-services';
import { serverStateFor } from './server-state';
import { syncSessionHint } from './session-hint';

const url = new URL(window.location.href);
// A server-rendered page carries its documents (docs/rendering.md#hydration); the others load them now. A bundle
// loaded async (a logged-in customer's page) may run before the parser has reached the state, so this waits for it.
const afterParse = (run: () => void) =>
  document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', run, { once: true }) : run();
afterParse(() => {
  if (!serverStateFor(url.pathname)) preloadStartupDocuments(url);
});
const { tokenStore } = getAppServices();
syncSessionHint(readIdentity(tokenStore) ? tokenStore.tokenRemainingSeconds() : undefined);
/** Resolves once calls may go out: at once in the customer build, once the mock worker intercepts in a mocks build. */
const intercepting: Promise<unknown> = MOCKS_ENABLED ? startMocks() : Promise.resolve();

/**
 * When main.tsx renders: with mocks, once they intercept and a shared link's first calls are in the
 * handlers' hands (the first render then overlaps their latency instead of delaying them). A failed start
 * rejects; main.tsx reports it and renders anyway, and the preview shows an error panel.
 */
export const beforeFirstRender: Promise<unknown> = MOCKS_ENABLED
  ? Promise.all([intercepting, prepareScenarioFromUrl(url)?.catch(() => undefined)])
  : intercepting;
prefetchPortalFromUrl(url, intercepting);
