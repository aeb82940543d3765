// First: its body starts the configs, the mocks and a shared preview's calls before the rest evaluates.
import { beforeFirstRender } from './early-start';
import '../styles/index.css';
import './portal-page.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPreviewPath, useHostLocation } from './host-location';
import { shouldHydrate } from './hydration';
import { headerRoundOne } from './portal-prefetch';
import { PortalRoute } from './PortalRoute';
import { PreviewRoute } from './PreviewRoute';
import { MOCKS_ENABLED } from './start-mocks';

/** The longest a logged-in customer's page waits for its first calls before hydrating (docs/rendering.md#hydration). */
const HYDRATION_WAIT_MS = 250;

function HostRoutes() {
  return isPreviewPath(useHostLocation().pathname) ? <PreviewRoute /> : <PortalRoute />;
}

function render() {
  const app = (
    <StrictMode>
      <HostRoutes />
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (!shouldHydrate(container)) {
    createRoot(container).render(app);
    return;
  }
  // docs/rendering.md#hydration: the server's markup for this visitor is taken over, not rendered again. A
  // logged-in customer's page hydrates once the header's first calls have answered and the calls that wait for
  // them have started (at most HYDRATION_WAIT_MS later): hydrating takes the main thread for about a round-trip
  // on a slow phone, and answers that arrive meanwhile would start the second round only after it. The painted
  // server frame does not change while it waits; its links work as plain links. As a transition, hydration then
  // yields to the main thread every few milliseconds, so the second round's answers are handled while it runs.
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  const roundOne = headerRoundOne();
  if (!roundOne) hydrate();
  else void Promise.race([roundOne, new Promise((resolve) => setTimeout(resolve, HYDRATION_WAIT_MS))]).then(hydrate);
}

/**
 * Settles once the page is parsed: a logged-in customer's page loads this bundle async (docs/rendering.md#hydration),
 * so it can evaluate before #root and the page state are there; a deferred bundle finds them parsed.
 */
const parsed: Promise<void> =
  document.readyState === 'loading'
    ? new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();

// The mock worker must intercept before the first data call (docs/mocks.md); a failed start still renders, and /preview says why.
if (MOCKS_ENABLED)
  Promise.all([beforeFirstRender, parsed]).then(render, (error: unknown) => {
    console.error(`[mocks] ${(error as Error).message}`);
    void parsed.then(render);
  });
else void parsed.then(render);
