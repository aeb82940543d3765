import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireSession } from '../auth/RequireSession';
import { AppLayout } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';

// Each page is its own chunk: a link to a document loads no dashboard (docs/editor-bundle.md#what-waits-until-it-is-used).
const SignInPage = lazy(() => import('../auth/SignInPage').then((m) => ({ default: m.SignInPage })));
const DashboardPage = lazy(() => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
// The document page carries the validator (Ajv) and, lazily again, Monaco; the dashboard needs neither.
const DocumentPage = lazy(() => import('../document/DocumentPage'));
// The change-set pages carry the review (and, through it, the audience engine); only people who open them load them.
const ChangeSetsPage = lazy(() => import('../change-sets/ChangeSetsPage'));
const ChangeSetPage = lazy(() => import('../change-sets/ChangeSetPage'));
// The cross-locale table reads every locale draft and carries the validator and the audience lint's checks.
const CrossLocalePage = lazy(() => import('../cross-locale/CrossLocalePage'));

const pageFallback = (label: string) => <Center p="8"><Spinner aria-label={label} /></Center>;

/**
 * The editor's routes, declared as elements: it uses no loaders, actions or blockers, and the portal's
 * first load shares react-router's chunk with it, so the data router (createBrowserRouter) would be
 * bundled into every customer page for nothing.
 */
export function EditorRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/signin"
          element={
            <Suspense fallback={pageFallback('Loading the sign-in')}>
              <SignInPage />
            </Suspense>
          }
        />
        <Route
          element={
            <RequireSession>
              <AppLayout />
            </RequireSession>
          }
        >
          <Route
            path="/"
            element={
              <Suspense fallback={pageFallback('Loading the documents')}>
                <DashboardPage />
              </Suspense>
            }
          />
          <Route
            path="/documents/:id"
            element={
              <Suspense fallback={pageFallback('Loading the document page')}>
                <DocumentPage />
              </Suspense>
            }
          />
          <Route
            path="/change-sets"
            element={
              <Suspense fallback={pageFallback('Loading the change sets')}>
                <ChangeSetsPage />
              </Suspense>
            }
          />
          <Route
            path="/change-sets/:id"
            element={
              <Suspense fallback={pageFallback('Loading the change set')}>
                <ChangeSetPage />
              </Suspense>
            }
          />
          <Route
            path="/items/:ids?"
            element={
              <Suspense fallback={pageFallback('Loading the cross-locale table')}>
                <CrossLocalePage />
              </Suspense>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
