import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { PortalRoute } from './PortalRoute';
import { PreviewRoute } from './PreviewRoute';

const router = createBrowserRouter([
  { path: '/preview', element: <PreviewRoute /> },
  { path: '*', element: <PortalRoute /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
