import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RequireSession } from '../auth/RequireSession';
import { SignInPage } from '../auth/SignInPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';

// The document page carries the validator (Ajv) and, lazily again, Monaco; the dashboard needs neither.
const DocumentPage = lazy(() => import('../document/DocumentPage'));

export const router = createBrowserRouter([
  { path: '/signin', element: <SignInPage /> },
  {
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      { path: '/', element: <DashboardPage /> },
      {
        path: '/documents/:id',
        element: (
          <Suspense fallback={<Center p="8"><Spinner aria-label="Loading the document page" /></Center>}>
            <DocumentPage />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
