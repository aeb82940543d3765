import { useLocation } from 'react-router-dom';
import { SCENARIO_DEFAULTS } from '../preview/preview-params';
import { ParamErrorPanel } from './ParamErrorPanel';
import { matchPortalPath } from './portal-paths';
import { ShellScreen } from './ShellScreen';

/** Customer-facing page routes (/de-de/, /de-de/login/, …) render the published config for an anonymous visitor. */
export function PortalRoute() {
  const location = useLocation();
  const match = matchPortalPath(location.pathname);
  if (!match) return <ParamErrorPanel title="Page not found" errors={[{ param: 'path', value: location.pathname, message: `No portal page at ${location.pathname}.` }]} />;
  const country = new URLSearchParams(location.search).get('country') ?? undefined;
  return (
    <ShellScreen
      scenario={{ ...SCENARIO_DEFAULTS, locale: match.locale, page: match.page }}
      {...(country ? { countryChoice: country } : {})}
      onNavigate={(change) => {
        if (change.href) window.location.assign(change.href);
      }}
    />
  );
}
