import { lazy, Suspense, useCallback, useState } from 'react';
import type { PreviewScenario } from '../../schemas/contracts/preview-params';
import { adapterKind, pageRecorder, type ConsentManager } from '../tracking';
import { getAppServices, readIdentity } from './app-services';
import type { LiveShellNavigation } from './LiveShell';
import { ParamErrorPanel } from './ParamErrorPanel';
import { previewLogoutStep } from './preview-logout';
import { ShellScreen, type ShellScreenProps } from './ShellScreen';
import { screenDataKey } from './prepare-scenario';
import { usePreviewMocks } from './use-preview-mocks';

/** The distributor a partner-visitor persona arrives from (mocks answer its co-branding). */
const PARTNER_DISTRIBUTOR = 'partner-co-brand';

export interface PreviewScreenProps {
  scenario: PreviewScenario;
  countryChoice?: string;
  /**
   * The preview moves by itself (a forced redirect, a locale switch, logout). Standalone, that is a new
   * /preview URL; in editor mode, new state reported to the editor.
   */
  onScenarioChange: (change: Partial<PreviewScenario>, replace: boolean) => void;
  /** Editor mode: the draft to render instead of the published document. */
  drafts?: ShellScreenProps['drafts'];
  onRendered?: ShellScreenProps['onRendered'];
}

/** Loaded when first opened: the stand-in and its stylesheet stay out of the portal's bundle (docs/preview-url.md#consent-settings). */
const ConsentStandIn = lazy(() =>
  import('./ConsentStandIn/ConsentStandIn').then((module) => ({ default: module.ConsentStandIn })),
);

/** fault=tracking:<kind> makes the local collector fail (there is no HTTP call to break). */
function trackingFault(scenario: PreviewScenario): { trackingFailure?: string } {
  const fault = scenario.faults.find((f) => f.endpoint === 'tracking');
  return fault ? { trackingFailure: `tracking: ${fault.kind}` } : {};
}

/** One scenario of /preview: the mocks set up for its persona, then the shell with the live data layer. */
export function PreviewScreen({ scenario, countryChoice, onScenarioChange, drafts, onRendered }: PreviewScreenProps) {
  const mocks = usePreviewMocks(scenario);
  const [identityVersion, setIdentityVersion] = useState(0);
  // The local consent manager has no screen; the preview shows its stand-in (a production one opens its own).
  const [consentSettings, setConsentSettings] = useState<ConsentManager | null>(null);
  const onNavigate = useCallback(
    (to: LiveShellNavigation) =>
      onScenarioChange(
        { ...(to.page ? { page: to.page } : {}), ...(to.locale ? { locale: to.locale } : {}) },
        !!to.replace,
      ),
    [onScenarioChange],
  );

  if (mocks.status === 'failed')
    return (
      <ParamErrorPanel
        title="The preview cannot simulate customer data"
        errors={[{ param: 'mocks', value: '', message: mocks.message }]}
      />
    );
  if (mocks.status === 'pending') return <div aria-busy="true" style={{ minHeight: 80 }} />;
  const { tokenStore } = getAppServices();
  return (
    <>
      <ShellScreen
        badLinkTitle="This preview link has a problem"
        explainFallback
        locale={scenario.locale}
        page={scenario.page}
        {...(scenario.flags ? { flags: scenario.flags } : {})}
        identity={readIdentity(tokenStore)}
        {...(scenario.persona === 'partner-visitor' ? { visitorDistributorId: PARTNER_DISTRIBUTOR } : {})}
        {...(countryChoice ? { countryChoice } : {})}
        dataKey={screenDataKey(mocks.dataKey, identityVersion)}
        {...(identityVersion === 0 ? { prefetch: mocks.prefetch } : {})}
        onNavigate={onNavigate}
        sessionLengthSeconds={scenario.session}
        {...trackingFault(scenario)}
        simulatesDeployedSession
        onLoggedOut={(destination) => {
          const step = previewLogoutStep(destination, window.location.origin);
          if (step.kind === 'leave') window.location.assign(step.url);
          else onScenarioChange({ page: 'login', persona: 'visitor' }, false);
        }}
        onConsentSettingsOpened={(consent) => {
          if (adapterKind(getAppServices().environment.name) === 'local') setConsentSettings(consent);
        }}
        onIdentityChanged={() => setIdentityVersion((v) => v + 1)}
        {...(drafts ? { drafts } : {})}
        {...(onRendered ? { onRendered } : {})}
      />
      {consentSettings && (
        <Suspense fallback={null}>
          <ConsentStandIn
            state={consentSettings.state()}
            settingsId={consentSettings.settingsId}
            onSave={(update) => pageRecorder().grantConsent?.(update)}
            onClose={() => setConsentSettings(null)}
          />
        </Suspense>
      )}
    </>
  );
}
