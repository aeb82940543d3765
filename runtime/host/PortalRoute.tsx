import { useCallback, useState } from 'react';
import { navigateInDocument as navigate, useHostLocation } from './host-location';
import { PAGES } from '../resolver';
import { AccessGuard } from './AccessGuard';
import { getAppServices, readIdentity } from './app-services';
import type { LiveShellNavigation } from './LiveShell';
import { ParamErrorPanel } from './ParamErrorPanel';
import { matchPortalPath } from './portal-paths';
import { takePortalPrefetch } from './portal-prefetch';
import { serverStateFor } from './server-state';
import { ShellScreen } from './ShellScreen';

/** Customer-facing page routes (/de-de/, /de-de/dashboard/, …): the published config with the logged-in customer's live data. */
export function PortalRoute() {
  const location = useHostLocation();
  const [identityVersion, setIdentityVersion] = useState(0);
  const identity = readIdentity(getAppServices().tokenStore);
  // Taken once, on the first render: a later identity (an account switch) fetches for itself.
  const [prefetch] = useState(() => takePortalPrefetch(identity?.customerNumber));
  // docs/rendering.md#hydration: the documents and request facts the server rendered this page with.
  const server = serverStateFor(location.pathname);
  const match = matchPortalPath(location.pathname);
  const locale = match?.locale ?? '';
  const onNavigate = useCallback((to: LiveShellNavigation) => {
    if (to.href) {
      const url = new URL(to.href, window.location.origin);
      if (url.origin === window.location.origin)
        navigate(`${url.pathname}${url.search}${url.hash}`, { replace: !!to.replace });
      else window.location.assign(url.href);
    } else if (to.locale)
      navigate(`/${to.locale.toLowerCase()}${to.page ? PAGES[to.page].path : '/'}`, { replace: !!to.replace });
  }, []);
  const toLogin = useCallback(() => navigate(`/${locale}${PAGES.login.path}`, { replace: true }), [locale]);
  if (!match)
    return (
      <ParamErrorPanel
        title="Page not found"
        errors={[{ param: 'path', value: location.pathname, message: `No portal page at ${location.pathname}.` }]}
      />
    );

  const country = new URLSearchParams(location.search).get('country') ?? server?.country;
  const distributor = new URLSearchParams(location.search).get('distributor') ?? undefined;
  return (
    <AccessGuard
      isAuthRequired={PAGES[match.page].requiresAuth}
      isBypassContext={false}
      customerId={identity?.customerNumber}
      fallback={<div aria-busy="true" style={{ minHeight: 80 }} />}
      onDenied={toLogin}
    >
      <ShellScreen
        locale={match.locale}
        page={match.page}
        identity={identity}
        {...(distributor ? { visitorDistributorId: distributor } : {})}
        {...(country ? { countryChoice: country } : {})}
        dataKey={`${identity?.customerNumber ?? 'visitor'}#${identityVersion}`}
        {...(prefetch && identityVersion === 0 ? { prefetch } : {})}
        {...(server
          ? {
              published: {
                [server.configId]: server.documents.config,
                markets: server.documents.markets,
                flags: server.documents.flags,
                ...(server.documents.fallback ? { en: server.documents.fallback } : {}),
              },
            }
          : {})}
        onNavigate={onNavigate}
        onIdentityChanged={() => setIdentityVersion((v) => v + 1)}
      />
    </AccessGuard>
  );
}
