import { lazy, Suspense, useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FlagsDocument } from '../../schemas/generated/config-types';
import { usePublishedDocument } from '../config/get-published-config';
import { parsePreviewParams, serializePreviewParams, type ParamError, type PreviewScenario } from '../preview/preview-params';
import { ParamErrorPanel } from './ParamErrorPanel';
import { PreviewScreen } from './PreviewScreen';

/** `source=editor`: the editor's iframe, fed over postMessage (docs/preview-url.md, "Editor mode"). */
export const PREVIEW_SOURCES = ['editor'] as const;

// Editor mode (protocol, draft state, facts) is a chunk of its own: the portal's customers never load it.
const EditorPreviewScreen = lazy(() => import('./EditorPreviewScreen').then((m) => ({ default: m.EditorPreviewScreen })));

/** /preview?locale=&persona=&page=&flags=&access=&data=&session=&token=&latency=&fault=[&source=editor] (docs/preview-url.md). */
export function PreviewRoute() {
  const location = useLocation();
  const flags = usePublishedDocument<FlagsDocument>('flags');
  if (flags.error) return <ParamErrorPanel title="The flag registry could not be loaded" errors={[{ param: 'flags', value: '', message: (flags.error as Error).message }]} />;
  if (!flags.data) return <div aria-busy="true" />;
  const flagIds = flags.data.flags.map((f) => f.id);

  const params = new URLSearchParams(location.search);
  const source = params.get('source');
  params.delete('source');
  const parsed = parsePreviewParams(params, flagIds);
  const errors: ParamError[] = [...parsed.errors];
  if (source !== null && !(PREVIEW_SOURCES as readonly string[]).includes(source)) errors.push({ param: 'source', value: source, message: `Unknown source "${source}".`, validValues: PREVIEW_SOURCES });
  if (parsed.ignored.length > 0) console.warn(`[preview] ignored unknown parameter(s): ${parsed.ignored.join(', ')}`);
  if (errors.length > 0) return <ParamErrorPanel title="This preview link has a problem" errors={errors} />;
  const country = params.get('country') ?? undefined;
  if (source === 'editor')
    return (
      <Suspense fallback={<div aria-busy="true" style={{ minHeight: 80 }} />}>
        <EditorPreviewScreen initial={parsed.scenario} publishedFlagIds={flagIds} {...(country ? { countryChoice: country } : {})} />
      </Suspense>
    );
  return <SharedPreview scenario={parsed.scenario} {...(country ? { countryChoice: country } : {})} />;
}

/** The shared link: the URL is the state, so every move of the preview is a new URL. */
function SharedPreview({ scenario, countryChoice }: { scenario: PreviewScenario; countryChoice?: string }) {
  const navigate = useNavigate();
  const onScenarioChange = useCallback(
    (change: Partial<PreviewScenario>, replace: boolean) => navigate(`/preview?${serializePreviewParams({ ...scenario, ...change })}`, { replace }),
    [navigate, scenario],
  );
  return <PreviewScreen scenario={scenario} {...(countryChoice ? { countryChoice } : {})} onScenarioChange={onScenarioChange} />;
}
