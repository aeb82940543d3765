// Another team's React app, as docs/embedding.md#react-host tells it to use the shell: the package installed from
// its tarball, its stylesheet imported once, and the app's own router handed to the shell as `navigate`.
// JavaScript, not TypeScript: the repository's type check cannot resolve the installed package (tests/lib-react-host.spec.ts builds this app in a temporary folder).
import { PortalFooter, PortalHeader } from '@depona/portal-shell';
import '@depona/portal-shell/styles.css';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

// Where the configs live: the config service on another origin (the test passes it in the query).
const manifestUrl = new URLSearchParams(window.location.search).get('manifest') ?? undefined;

/** The smallest history router: what the app's own router would do for a link it owns. */
function useRoute() {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = (href) => {
    window.history.pushState(null, '', href);
    setPath(new URL(href, window.location.href).pathname);
  };
  return { path, navigate };
}

function App() {
  const { path, navigate } = useRoute();
  const shared = { locale: 'de-DE', page: 'home', manifestUrl, navigate, currentPath: path };
  return (
    <>
      <PortalHeader {...shared} />
      <main>
        <p data-testid="host-route">Host route: {path}</p>
      </main>
      <PortalFooter {...shared} />
    </>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
