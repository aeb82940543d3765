import type { ReactNode } from 'react';
import { FallbackChrome } from '../components/FallbackChrome/FallbackChrome';
import { Shell } from '../components/Shell';
import { chooseConfig } from '../resolver';
import { PortalData } from './PortalData';
import type { PortalProps } from './portal-props';
import { PartLoading, useReportFailure } from './PartStates';
import type { PortalServices } from './portal-services';
import { usePortalShell } from './use-portal-shell';

export interface PortalShellProps extends PortalProps {
  /** The host's page: the main region between header and footer (the skip link's target). */
  children: ReactNode;
}

/**
 * Header, the host's page and footer, as the portal lays them out (docs/embedding.md#react-props). When the
 * configs cannot be used the fallback chrome surrounds the page instead (docs/architecture.md#fallback-chrome).
 */
export function PortalShell(props: PortalShellProps) {
  return (
    <PortalData apiBase={props.apiBase} tokenStorage={props.tokenStorage}>
      {(services) => <ShellPart props={props} services={services} />}
    </PortalData>
  );
}

function ShellPart({ props, services }: { props: PortalShellProps; services: PortalServices }) {
  const { documents, model, handlers, session } = usePortalShell(props, services, { runsSession: true });
  useReportFailure('shell', documents.status === 'failed' ? documents.error : undefined);
  if (documents.status === 'failed') {
    const choice = chooseConfig(props.locale, props.page ?? 'home');
    return (
      <FallbackChrome language={choice.ok ? choice.configId : 'en'} homeHref={`/${props.locale.toLowerCase()}/`}>
        {props.children}
      </FallbackChrome>
    );
  }
  if (!model) return <PartLoading part="shell">{props.children}</PartLoading>;
  return (
    <Shell model={model} handlers={handlers} {...(session ? { session } : {})}>
      {props.children}
    </Shell>
  );
}
