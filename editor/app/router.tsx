import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireSession } from '../auth/RequireSession';
import { AppLayout } from './AppLayout';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './NotFoundPage';

// Each page is its own chunk: a link to a document loads no dashboard (docs/editor-bundle.md#what-waits-until-it-is-used).
// The document page carries the validator (Ajv) and, lazily again, Monaco; the dashboard needs neither. The change-set
// pages carry the review (and, through it, the audience engine); only people who open them load them. The
// cross-locale table reads every locale draft and carries the validator and the audience lint's checks.
const signIn = lazyPage(
  () => import('../auth/SignInPage').then((m) => ({ default: m.SignInPage })),
  'Loading the sign-in',
);
const dashboard = lazyPage(
  () => import('../dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  'Loading the documents',
);
const documentPage = lazyPage(() => import('../document/DocumentPage'), 'Loading the document page');
const changeSets = lazyPage(() => import('../change-sets/ChangeSetsPage'), 'Loading the change sets');
const changeSet = lazyPage(() => import('../change-sets/ChangeSetPage'), 'Loading the change set');
const crossLocale = lazyPage(() => import('../cross-locale/CrossLocalePage'), 'Loading the cross-locale table');

/**
 * The editor's routes, declared as elements: it uses no loaders, actions or blockers, and the portal's
 * first load shares react-router's chunk with it, so the data router (createBrowserRouter) would be
 * bundled into every customer page for nothing.
 */
export function EditorRoutes() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/signin" element={signIn} />
        <Route
          element={
            <RequireSession>
              <AppLayout />
            </RequireSession>
          }
        >
          <Route path="/" element={dashboard} />
          <Route path="/documents/:id" element={documentPage} />
          <Route path="/change-sets" element={changeSets} />
          <Route path="/change-sets/:id" element={changeSet} />
          <Route path="/items/:ids?" element={crossLocale} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
