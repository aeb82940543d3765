import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DocumentId } from '../../schemas/validator/documents';
import { useManifest } from '../config/get-published-config';
import {
  parsePreviewParams,
  serializePreviewParams,
  type PreviewScenario,
} from '../../schemas/contracts/preview-params';
import { epochNow, previewFact, type PreviewRequest } from '../../schemas/contracts/preview-protocol';
import type { ShellModel } from '../resolver';
import { BUILD_ID } from './build-id';
import { DraftErrorBoundary } from './DraftErrorBoundary';
import {
  draftRendered,
  draftsOf,
  receiveDraft,
  revertDraft,
  type DraftEntry,
  type DraftState,
} from './editor-draft-state';
import { hiddenItems, renderedFact } from './preview-facts';
import { PreviewScreen } from './PreviewScreen';
import { editorWindow, useEditorChannel } from './use-editor-channel';
import { useVisualEditing } from './use-visual-editing';

export const DRAFT_RENDERED_MARK = 'portal-shell:preview-draft-rendered';

export interface EditorPreviewScreenProps {
  /** The scenario of the iframe's URL; later ones arrive as UPDATE_SCENARIO. */
  initial: PreviewScenario;
  /** Flag ids of the published registry; a flags draft adds its own. */
  publishedFlagIds: readonly string[];
  countryChoice?: string;
  /** The editor's window; window.parent inside the editor's iframe (tests pass their own). */
  editor?: Window | null;
}

/** Flag ids a scenario may name: the published registry's, plus those of a flags draft on screen. */
function knownFlagIds(published: readonly string[], drafts: DraftState): readonly string[] {
  const draft = drafts.current?.documentId === 'flags' ? (drafts.current.config.flags as { id?: unknown }[]) : [];
  return [...new Set([...published, ...draft.map((f) => f?.id).filter((id): id is string => typeof id === 'string')])];
}

/**
 * /preview?…&source=editor: the same PreviewScreen as the shared link, fed by the editor over postMessage.
 * Drafts replace their published document; scenario changes re-render in place, never reloading the
 * iframe; every committed render is reported with what it used and what rules hid.
 */
export function EditorPreviewScreen({
  initial,
  publishedFlagIds,
  countryChoice,
  editor = editorWindow(),
}: EditorPreviewScreenProps) {
  const [scenario, setScenario] = useState(initial);
  // What renders is state; the fallback bookkeeping (last good draft) is not, so a successful render
  // costs no second render.
  const [current, setCurrent] = useState<DraftEntry | undefined>(undefined);
  const drafts = useRef<DraftState>({});
  const [whyHidden, setWhyHidden] = useState(false);
  const [visualEditing, setVisualEditing] = useState(false);
  // What rules hid in the last render: visual editing says why a focused field's item is not on screen.
  const lastModel = useRef<ShellModel | null>(null);
  const manifest = useManifest().data;
  // The message handler and the preview's own moves read the latest scenario without re-subscribing.
  const latest = useRef(scenario);
  useEffect(() => {
    latest.current = scenario;
  });

  const reportRef = useRef<(fact: ReturnType<typeof previewFact>) => void>(() => {});
  const { highlight } = useVisualEditing({
    enabled: visualEditing,
    draft: () => drafts.current.current?.config,
    hidden: () => (lastModel.current ? hiddenItems(lastModel.current) : []),
    onSelect: (item) => {
      const shown = drafts.current.current;
      if (shown)
        reportRef.current(
          previewFact('ITEM_SELECTED', { documentId: shown.documentId, id: item.id, pointer: item.pointer }),
        );
    },
  });
  // The last item the editor asked to see: every render answers again (data arriving, a draft, a scenario change
  // can show or hide it), without scrolling, when the answer changed.
  const highlightAsked = useRef<{ pointer: string; answer: string } | null>(null);

  const { report } = useEditorChannel((request: PreviewRequest) => {
    if (request.type === 'UPDATE_DRAFT') {
      const decision = receiveDraft(drafts.current, request.payload);
      const { documentId, revision, sentAt } = request.payload;
      if (!decision.accepted)
        return report(
          previewFact('DRAFT_REJECTED', {
            documentId,
            revision,
            reason: decision.reason,
            keptRevision: drafts.current.current?.revision ?? null,
          }),
        );
      drafts.current = decision.state;
      // Render inside this message's task: the draft is on screen before the editor's next keystroke is handled.
      flushSync(() => setCurrent(decision.state.current));
      report(previewFact('DRAFT_UPDATED', { documentId, revision, sentAt }));
    } else if (request.type === 'UPDATE_SCENARIO') {
      const parsed = parsePreviewParams(request.payload.query, knownFlagIds(publishedFlagIds, drafts.current));
      if (parsed.errors.length > 0)
        return report(previewFact('SCENARIO_REJECTED', { query: request.payload.query, errors: parsed.errors }));
      if (parsed.ignored.length > 0)
        console.warn(`[preview] ignored unknown parameter(s): ${parsed.ignored.join(', ')}`);
      if (serializePreviewParams(parsed.scenario) !== serializePreviewParams(latest.current))
        flushSync(() => setScenario(parsed.scenario));
    } else if (request.type === 'SET_WHY_HIDDEN') {
      setWhyHidden(request.payload.enabled);
    } else if (request.type === 'SET_VISUAL_EDITING') {
      setVisualEditing(request.payload.enabled);
    } else {
      const answer = highlight(request.payload.pointer);
      highlightAsked.current = { pointer: request.payload.pointer, answer: JSON.stringify(answer) };
      report(previewFact('ITEM_HIGHLIGHTED', answer));
    }
  }, editor);
  useEffect(() => {
    reportRef.current = report;
  });

  const onScenarioChange = useCallback(
    (change: Partial<PreviewScenario>) => {
      const next = { ...latest.current, ...change };
      latest.current = next;
      setScenario(next);
      report(previewFact('SCENARIO_UPDATED', { query: serializePreviewParams(next) }));
    },
    [report],
  );

  const shownDrafts = useMemo(() => draftsOf({ ...(current ? { current } : {}) }), [current]);
  const query = serializePreviewParams(scenario);
  const pendingReports = useRef(new Set<number>());
  useEffect(() => () => pendingReports.current.forEach((timer) => window.clearTimeout(timer)), []);
  // A new identity re-reports the model on screen: LiveShell calls it again (why-hidden on, a new draft).
  const onRendered = useCallback(
    (model: ShellModel, documents: readonly DocumentId[]) => {
      lastModel.current = model;
      const renderedAt = epochNow();
      const draft = current;
      if (draft && documents.includes(draft.documentId))
        performance.mark(DRAFT_RENDERED_MARK, { detail: { revision: draft.revision, sentAt: draft.sentAt } });
      drafts.current = draftRendered(drafts.current, draft?.revision ?? null);
      // Reported in a task of its own: a draft typed in the editor renders inside the keystroke's task
      // (docs/editor-typing.md#the-fixes), and what it hid, the fact and the highlight's answer (which measures
      // the layout) need not hold that task, or the frame that shows the key, any longer.
      const timer = window.setTimeout(() => {
        pendingReports.current.delete(timer);
        report(
          previewFact(
            'PREVIEW_RENDERED',
            renderedFact({ model, documents, draft, manifest, query, buildId: BUILD_ID, whyHidden, renderedAt }),
          ),
        );
        const asked = highlightAsked.current;
        if (asked) {
          const answer = highlight(asked.pointer, false);
          const text = JSON.stringify(answer);
          if (text !== asked.answer) {
            highlightAsked.current = { pointer: asked.pointer, answer: text };
            report(previewFact('ITEM_HIGHLIGHTED', answer));
          }
        }
      });
      pendingReports.current.add(timer);
    },
    [current, manifest, query, whyHidden, report, highlight],
  );

  const onRenderError = useCallback(
    (error: Error) => {
      const state = drafts.current;
      if (!state.current) return;
      const reverted = revertDraft(state);
      drafts.current = reverted;
      setCurrent(reverted.current);
      const { documentId, revision } = state.current;
      report(
        previewFact('DRAFT_REJECTED', {
          documentId,
          revision,
          reason: `the preview could not render it: ${error.message}`,
          keptRevision: reverted.current?.revision ?? null,
        }),
      );
    },
    [report],
  );

  usePreviewStaysPut();

  return (
    <>
      <DraftErrorBoundary resetKey={current?.revision ?? 'published'} onError={onRenderError}>
        <PreviewScreen
          scenario={scenario}
          {...(countryChoice ? { countryChoice } : {})}
          onScenarioChange={onScenarioChange}
          {...(shownDrafts ? { drafts: shownDrafts } : {})}
          onRendered={onRendered}
        />
      </DraftErrorBoundary>
      <p
        data-testid="preview-build-id"
        style={{ margin: 0, padding: '4px 8px', fontSize: 12, color: '#4a5568', textAlign: 'end' }}
      >
        Preview build {BUILD_ID}
      </p>
    </>
  );
}

/**
 * A link followed inside the editor's iframe would leave the draft behind for a published page; in-page
 * anchors (the skip link) still work.
 */
function usePreviewStaysPut(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && !link.getAttribute('href')!.startsWith('#')) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}
