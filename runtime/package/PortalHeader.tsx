import { DesignProvider } from '../components/DesignContext';
import { Header } from '../components/Header/Header';
import { SessionCountdown } from '../components/SessionCountdown/SessionCountdown';
import { PortalData } from './PortalData';
import type { PortalProps } from './portal-props';
import { PartFailed, PartLoading } from './PartStates';
import type { PortalServices } from './portal-services';
import { usePortalShell } from './use-portal-shell';

export type PortalHeaderProps = PortalProps;

/**
 * The portal's header for another team's React page (docs/embedding.md#react-props): the same resolver, data
 * layer and components as the portal, configured by props. It runs the session (countdown, logout).
 */
export function PortalHeader(props: PortalHeaderProps) {
  return (
    <PortalData apiBase={props.apiBase} tokenStorage={props.tokenStorage}>
      {(services) => <HeaderPart props={props} services={services} />}
    </PortalData>
  );
}

function HeaderPart({ props, services }: { props: PortalHeaderProps; services: PortalServices }) {
  const { documents, model, handlers, session } = usePortalShell(props, services, { runsSession: true });
  if (documents.status === 'failed') return <PartFailed part="header" error={documents.error} />;
  if (!model) return <PartLoading part="header" />;
  // Keyed by the location: a host router that moves keeps the page, so open menus close as on a page load.
  const header = (
    <Header
      key={props.currentPath ?? props.page}
      model={model.header}
      onLogout={handlers.onLogout}
      onSwitchAccount={handlers.onSwitchAccount}
    />
  );
  return (
    <DesignProvider value={{ design: model.design, containerMaxWidth: model.containerMaxWidth }}>
      {/* The header alone, as renderShell renders it: a sibling would change React's useId values (a fork in the
          tree) and the server's markup would no longer hydrate. The countdown comes only on the client, much later. */}
      {session ? (
        <>
          {header}
          <SessionCountdown
            remainingSeconds={session.remainingSeconds}
            extended={session.extended}
            strings={session.strings}
            onExtend={handlers.onExtendSession}
            onLogout={handlers.onLogout}
          />
        </>
      ) : (
        header
      )}
    </DesignProvider>
  );
}
