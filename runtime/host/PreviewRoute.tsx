import { lazy, Suspense, useCallback } from 'react';
import { navigateInDocument as navigate, useHostLocation } from './host-location';
import type { FlagsDocument, MarketsDocument } from '../../schemas/generated/config-types';
import { usePublishedDocument } from '../config/get-published-config';
import {
  parsePreviewParams,
  serializePreviewParams,
  type ParamError,
  type PreviewScenario,
} from '../../schemas/contracts/preview-params';
import { ParamErrorPanel } from './ParamErrorPanel';
import { PreviewScreen } from './PreviewScreen';

/** `source=editor`: the editor's iframe, fed over postMessage (docs/preview-url.md, "Editor mode"). */
export const PREVIEW_SOURCES = ['editor'] as const;

// Editor mode (protocol, draft state, facts) is a chunk of its own: the portal's customers never load it.
const EditorPreviewScreen = lazy(() =>
  import('./EditorPreviewScreen').then((m) => ({ default: m.EditorPreviewScreen })),
);
// Share mode (a change set's drafts through a share link, docs/workflow.md#sharing-a-preview) likewise.
const SharedChangeSetPreview = lazy(() =>
  import('./share/SharedChangeSetPreview').then((m) => ({ default: m.SharedChangeSetPreview })),
);

/** /preview?locale=&persona=&page=&flags=&access=&data=&session=&token=&latency=&fault=[&source=editor | &share=<token>] (docs/preview-url.md). */
export function PreviewRoute() {
  const location = useHostLocation();
  const params = new URLSearchParams(location.search);
  // Not part of the scenario: the country-choice parameter of the page itself (docs/rules.md#country-banner), checked against the markets.
  const country = params.get('country') ?? undefined;
  const flags = usePublishedDocument<FlagsDocument>('flags');
  const markets = usePublishedDocument<MarketsDocument>(country === undefined ? null : 'markets');
  const failed = flags.error
    ? { what: 'The flag registry', param: 'flags', error: flags.error }
    : markets.error
      ? { what: 'The market list', param: 'country', error: markets.error }
      : undefined;
  if (failed)
    return (
      <ParamErrorPanel
        title={`${failed.what} could not be loaded`}
        errors={[{ param: failed.param, value: '', message: (failed.error as Error).message }]}
      />
    );
  if (!flags.data || (country !== undefined && !markets.data)) return <div aria-busy="true" />;
  const flagIds = flags.data.flags.map((f) => f.id);

  const source = params.get('source');
  params.delete('source');
  params.delete('country');
  const marketIds = markets.data?.markets.map((m) => m.id) ?? [];
  const countryError: ParamError | undefined =
    country !== undefined && !marketIds.includes(country.toLowerCase())
      ? {
          param: 'country',
          value: country,
          message: `Unknown country "${country}": write a market id.`,
          validValues: marketIds,
        }
      : undefined;
  // Share mode parses the scenario itself, once it knows the flags the shared drafts define.
  if (params.has('share')) {
    if (countryError) return <ParamErrorPanel title="This preview link has a problem" errors={[countryError]} />;
    return (
      <Suspense fallback={<div aria-busy="true" style={{ minHeight: 80 }} />}>
        <SharedChangeSetPreview
          params={params}
          publishedFlagIds={flagIds}
          {...(country ? { countryChoice: country } : {})}
          {...(source !== null ? { source } : {})}
        />
      </Suspense>
    );
  }
  const parsed = parsePreviewParams(params, flagIds);
  const errors: ParamError[] = [...parsed.errors];
  if (source !== null && !(PREVIEW_SOURCES as readonly string[]).includes(source))
    errors.push({
      param: 'source',
      value: source,
      message: `Unknown source "${source}".`,
      validValues: PREVIEW_SOURCES,
    });
  if (countryError) errors.push(countryError);
  if (parsed.ignored.length > 0) console.warn(`[preview] ignored unknown parameter(s): ${parsed.ignored.join(', ')}`);
  if (errors.length > 0) return <ParamErrorPanel title="This preview link has a problem" errors={errors} />;
  if (source === 'editor')
    return (
      <Suspense fallback={<div aria-busy="true" style={{ minHeight: 80 }} />}>
        <EditorPreviewScreen
          initial={parsed.scenario}
          publishedFlagIds={flagIds}
          {...(country ? { countryChoice: country } : {})}
        />
      </Suspense>
    );
  return <SharedPreview scenario={parsed.scenario} {...(country ? { countryChoice: country } : {})} />;
}

/** The shared link: the URL is the state, so every move of the preview is a new URL. */
function SharedPreview({ scenario, countryChoice }: { scenario: PreviewScenario; countryChoice?: string }) {
  const onScenarioChange = useCallback(
    (change: Partial<PreviewScenario>, replace: boolean) =>
      navigate(`/preview?${serializePreviewParams({ ...scenario, ...change })}`, { replace }),
    [scenario],
  );
  return (
    <PreviewScreen
      scenario={scenario}
      {...(countryChoice ? { countryChoice } : {})}
      onScenarioChange={onScenarioChange}
    />
  );
}
