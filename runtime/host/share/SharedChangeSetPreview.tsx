import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SharedChangeSet } from '../../../schemas/contracts';
import {
  parsePreviewParams,
  serializePreviewParams,
  type PreviewScenario,
} from '../../../schemas/contracts/preview-params';
import { DraftErrorBoundary } from '../DraftErrorBoundary';
import { navigateInDocument as navigate } from '../host-location';
import { ParamErrorPanel } from '../ParamErrorPanel';
import { PreviewScreen } from '../PreviewScreen';
import type { PreviewDrafts } from '../ShellScreen';
import { getSharedChangeSet, type ShareLoad } from './get-shared-change-set';
import { shareBannerText, shareRefusalText } from './share-text';

export interface SharedChangeSetPreviewProps {
  /** The /preview query, `share` included, without `source` and `country`. */
  params: URLSearchParams;
  /** Flag ids of the published registry; a flags draft in the set adds its own. */
  publishedFlagIds: readonly string[];
  countryChoice?: string;
  /** Set when the link also asked for `source=editor`, which a share link cannot be. */
  source?: string;
}

/** Flag ids a scenario may name: the published registry's, plus those of the set's flags draft. */
function knownFlagIds(published: readonly string[], shared: SharedChangeSet): readonly string[] {
  const flags = shared.documents.find((d) => d.id === 'flags')?.content as { flags?: { id: string }[] } | undefined;
  return [...new Set([...published, ...(flags?.flags ?? []).map((f) => f.id)])];
}

/**
 * /preview?share=<token> (docs/workflow.md#sharing-a-preview): a change set's drafts, read-only, for someone
 * without an account. The same PreviewScreen as the plain link, fed with the set's drafts instead of the
 * published documents, under a banner that says what it is; a link that opens nothing gets a full page that
 * says why.
 */
export function SharedChangeSetPreview({
  params,
  publishedFlagIds,
  countryChoice,
  source,
}: SharedChangeSetPreviewProps) {
  const token = params.get('share') ?? '';
  const [load, setLoad] = useState<ShareLoad | null>(null);
  const formError = parsePreviewParams(params, publishedFlagIds).errors.find((e) => e.param === 'share');
  const wellFormed = !formError;

  useEffect(() => {
    if (!wellFormed) return;
    let current = true;
    setLoad(null);
    void getSharedChangeSet(token).then((result) => {
      if (current) setLoad(result);
    });
    return () => {
      current = false;
    };
  }, [token, wellFormed]);

  if (formError) return <ParamErrorPanel title="This preview link has a problem" errors={[formError]} />;
  if (source !== undefined)
    return (
      <ParamErrorPanel
        title="This preview link has a problem"
        errors={[
          {
            param: 'source',
            value: source,
            message: 'A shared preview cannot be opened in editor mode: remove source.',
          },
        ]}
      />
    );
  if (!load) return <div aria-busy="true" style={{ minHeight: 80 }} />;
  if (load.kind !== 'ok') return <ShareRefusal {...shareRefusalText(load)} />;

  const parsed = parsePreviewParams(params, knownFlagIds(publishedFlagIds, load.shared));
  if (parsed.ignored.length > 0) console.warn(`[preview] ignored unknown parameter(s): ${parsed.ignored.join(', ')}`);
  if (parsed.errors.length > 0)
    return <ParamErrorPanel title="This preview link has a problem" errors={parsed.errors} />;
  return (
    <SharedDrafts
      shared={load.shared}
      token={token}
      scenario={parsed.scenario}
      {...(countryChoice ? { countryChoice } : {})}
    />
  );
}

/** The set's drafts in the preview, under the banner; every move of the preview is a new URL that keeps the token. */
function SharedDrafts({
  shared,
  token,
  scenario,
  countryChoice,
}: {
  shared: SharedChangeSet;
  token: string;
  scenario: PreviewScenario;
  countryChoice?: string;
}) {
  const drafts = useMemo<PreviewDrafts>(
    () => Object.fromEntries(shared.documents.map((d) => [d.id, d.content])),
    [shared],
  );
  const onScenarioChange = useCallback(
    (change: Partial<PreviewScenario>, replace: boolean) =>
      navigate(`/preview?${serializePreviewParams({ ...scenario, ...change }, { share: token })}`, { replace }),
    [scenario, token],
  );
  return (
    <>
      <p
        role="status"
        data-testid="share-banner"
        style={{
          margin: 0,
          padding: '8px 16px',
          background: '#fff4d6',
          borderBottom: '1px solid #b7791f',
          color: '#5f370e',
          fontFamily: 'system-ui, sans-serif',
          fontSize: 14,
        }}
      >
        {shareBannerText(shared.changeSet.title, shared.expiresAt)}
      </p>
      {/* A draft the shell cannot render says so instead of leaving a blank page; there is no older draft to go back to. */}
      <DraftErrorBoundary resetKey={token} onError={() => {}}>
        <PreviewScreen
          scenario={scenario}
          {...(countryChoice ? { countryChoice } : {})}
          onScenarioChange={onScenarioChange}
          drafts={drafts}
        />
      </DraftErrorBoundary>
    </>
  );
}

/** A link that opens nothing: a whole page that says why and what to do, never a blank preview. */
function ShareRefusal({ title, message, hint }: { title: string; message: string; hint: string }) {
  return (
    <main
      data-testid="share-refusal"
      style={{
        fontFamily: 'system-ui, sans-serif',
        maxWidth: 640,
        margin: '64px auto',
        padding: '0 24px',
        color: '#0b2545',
      }}
    >
      <h1 style={{ fontSize: 24 }}>{title}</h1>
      <p role="alert" style={{ border: '1px solid #b42318', borderRadius: 8, padding: 16, background: '#fff5f4' }}>
        {message}
      </p>
      <p>What to do: {hint}.</p>
    </main>
  );
}
