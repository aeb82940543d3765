import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FlagsDocument } from '../../schemas/generated/config-types';
import { usePublishedDocument } from '../config/get-published-config';
import { parsePreviewParams, serializePreviewParams, type PreviewScenario } from '../preview/preview-params';
import { getAppServices, readIdentity } from './app-services';
import type { LiveShellNavigation } from './LiveShell';
import { ParamErrorPanel } from './ParamErrorPanel';
import { ShellScreen } from './ShellScreen';
import { usePreviewMocks } from './use-preview-mocks';

/** The distributor a partner-visitor persona arrives from (mocks answer its co-branding). */
const PARTNER_DISTRIBUTOR = 'partner-co-brand';

/** /preview?locale=&persona=&page=&flags=&access=&data=&session=&token=&latency=&fault= (docs/preview-url.md). */
export function PreviewRoute() {
  const location = useLocation();
  const flags = usePublishedDocument<FlagsDocument>('flags');
  if (flags.error) return <ParamErrorPanel title="The flag registry could not be loaded" errors={[{ param: 'flags', value: '', message: (flags.error as Error).message }]} />;
  if (!flags.data) return <div aria-busy="true" />;
  const parsed = parsePreviewParams(location.search, flags.data.flags.map((f) => f.id));
  if (parsed.ignored.length > 0) console.warn(`[preview] ignored unknown parameter(s): ${parsed.ignored.join(', ')}`);
  if (parsed.errors.length > 0) return <ParamErrorPanel title="This preview link has a problem" errors={parsed.errors} />;
  const country = new URLSearchParams(location.search).get('country') ?? undefined;
  return <PreviewScreen scenario={parsed.scenario} {...(country ? { countryChoice: country } : {})} />;
}

/** fault=tracking:<kind> makes the local collector fail (there is no HTTP call to break). */
function trackingFault(scenario: PreviewScenario): { trackingFailure?: string } {
  const fault = scenario.faults.find((f) => f.endpoint === 'tracking');
  return fault ? { trackingFailure: `tracking: ${fault.kind}` } : {};
}

function PreviewScreen({ scenario, countryChoice }: { scenario: PreviewScenario; countryChoice?: string }) {
  const navigate = useNavigate();
  const mocks = usePreviewMocks(scenario);
  const [identityVersion, setIdentityVersion] = useState(0);
  const go = useCallback(
    (change: Partial<PreviewScenario>, replace = false) => navigate(`/preview?${serializePreviewParams({ ...scenario, ...change })}`, { replace }),
    [navigate, scenario],
  );
  const onNavigate = useCallback((to: LiveShellNavigation) => go({ ...(to.page ? { page: to.page } : {}), ...(to.locale ? { locale: to.locale } : {}) }, to.replace), [go]);

  if (mocks.status === 'failed') return <ParamErrorPanel title="The preview cannot simulate customer data" errors={[{ param: 'mocks', value: '', message: mocks.message }]} />;
  if (mocks.status === 'pending') return <div aria-busy="true" style={{ minHeight: 80 }} />;
  const { tokenStore } = getAppServices();
  return (
    <ShellScreen
      locale={scenario.locale}
      page={scenario.page}
      {...(scenario.flags ? { flags: scenario.flags } : {})}
      identity={readIdentity(tokenStore)}
      {...(scenario.persona === 'partner-visitor' ? { visitorDistributorId: PARTNER_DISTRIBUTOR } : {})}
      {...(countryChoice ? { countryChoice } : {})}
      dataKey={`${mocks.dataKey}#${identityVersion}`}
      onNavigate={onNavigate}
      sessionLengthSeconds={scenario.session}
      {...trackingFault(scenario)}
      simulatesDeployedSession
      onLoggedOut={() => go({ page: 'login', persona: 'visitor' })}
      onIdentityChanged={() => setIdentityVersion((v) => v + 1)}
    />
  );
}
