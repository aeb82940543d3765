import { DesignProvider } from '../components/DesignContext';
import { Footer } from '../components/Footer/Footer';
import { PortalData } from './PortalData';
import type { PortalProps } from './portal-props';
import { PartFailed, PartLoading } from './PartStates';
import type { PortalServices } from './portal-services';
import { usePortalShell } from './use-portal-shell';

export type PortalFooterProps = PortalProps;

/** The portal's footer for another team's React page (docs/embedding.md#react-props); beside a PortalHeader it shares its requests. */
export function PortalFooter(props: PortalFooterProps) {
  return (
    <PortalData apiBase={props.apiBase} tokenStorage={props.tokenStorage}>
      {(services) => <FooterPart props={props} services={services} />}
    </PortalData>
  );
}

function FooterPart({ props, services }: { props: PortalFooterProps; services: PortalServices }) {
  const { documents, model, handlers } = usePortalShell(props, services, { runsSession: false });
  if (documents.status === 'failed') return <PartFailed part="footer" error={documents.error} />;
  if (!model) return <PartLoading part="footer" />;
  if (!model.footer) return null;
  return (
    <DesignProvider value={{ design: model.design, containerMaxWidth: model.containerMaxWidth }}>
      <Footer
        model={model.footer}
        onOpenConsentSettings={handlers.onOpenConsentSettings}
        onChooseMarket={handlers.onChooseMarket}
        onFooterLinkTap={handlers.onFooterLinkTap}
        closeLabel={model.header.strings.closeMenu}
      />
    </DesignProvider>
  );
}
