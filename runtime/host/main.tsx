// First: its body starts the configs, the mocks and a shared preview's calls before the rest evaluates.
import { beforeFirstRender } from './early-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PortalRoute } from './PortalRoute';
import { PreviewRoute } from './PreviewRoute';
import { MOCKS_ENABLED } from './start-mocks';

function render() {
  // Made here, not at module load: on a first visit its session-storage read costs ~20 ms, and before the
  // first render that time is better spent starting the mocks and the first calls.
  const router = createBrowserRouter([
    { path: '/preview', element: <PreviewRoute /> },
    { path: '*', element: <PortalRoute /> },
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// The mock worker must intercept before the first data call (STACK.md); a failed start still renders, and /preview says why.
if (MOCKS_ENABLED)
  beforeFirstRender.then(render, (error: unknown) => {
    console.error(`[mocks] ${(error as Error).message}`);
    render();
  });
else render();
