// First: its body starts the configs, the mocks and a shared preview's calls before the rest evaluates.
import { beforeFirstRender } from './early-start';
import '../styles/index.css';
import './portal-page.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isPreviewPath, useHostLocation } from './host-location';
import { shouldHydrate } from './hydration';
import { PortalRoute } from './PortalRoute';
import { PreviewRoute } from './PreviewRoute';
import { MOCKS_ENABLED } from './start-mocks';

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
  // docs/rendering.md#hydration: the server's markup for this visitor is taken over, not rendered again.
  if (shouldHydrate(container)) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// The mock worker must intercept before the first data call (STACK.md); a failed start still renders, and /preview says why.
if (MOCKS_ENABLED)
  beforeFirstRender.then(render, (error: unknown) => {
    console.error(`[mocks] ${(error as Error).message}`);
    render();
  });
else render();
