// First: its body starts the configs, the mocks and a shared preview's calls before the rest evaluates.
import './early-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PortalRoute } from './PortalRoute';
import { PreviewRoute } from './PreviewRoute';
import { MOCKS_ENABLED, startMocks } from './start-mocks';

const router = createBrowserRouter([
  { path: '/preview', element: <PreviewRoute /> },
  { path: '*', element: <PortalRoute /> },
]);

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// MSW must intercept before the first data call (STACK.md); a failed start still renders, and /preview says why.
if (MOCKS_ENABLED)
  startMocks().then(render, (error: unknown) => {
    console.error(`[mocks] ${(error as Error).message}`);
    render();
  });
else render();
