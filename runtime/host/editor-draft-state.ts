/**
 * The editor preview's draft: what it shows, and the last draft that rendered, so a bad one never costs the
 * product owner their preview. Pure functions over a small state; EditorPreviewScreen holds it.
 *
 * The editor sends only drafts that passed the shared validator (with defaults filled), so the preview
 * does not ship Ajv: it checks the document's outline here, and a render that still throws is caught by
 * DraftErrorBoundary and reverted with revertDraft().
 */
import { documentKind, type DocumentId } from '../../schemas/validator/documents';
import type { PreviewRequests } from '../../schemas/contracts/preview-protocol';
import type { PreviewDrafts } from './ShellScreen';

export type DraftEntry = PreviewRequests['UPDATE_DRAFT'];

export interface DraftState {
  /** The draft being rendered; undefined: the published version. */
  current?: DraftEntry;
  /** The last draft that rendered without an error. */
  lastGood?: DraftEntry;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why `config` cannot be the document `documentId`, in the words the editor shows; undefined when its outline fits. */
export function draftShapeProblem(documentId: DocumentId, config: Record<string, unknown>): string | undefined {
  const kind = documentKind(documentId);
  if (kind === 'markets') return Array.isArray(config.markets) ? undefined : 'a markets draft needs a "markets" list';
  if (kind === 'flags') return Array.isArray(config.flags) ? undefined : 'a flags draft needs a "flags" list';
  if (config.locale !== documentId)
    return `the draft's "locale" is ${JSON.stringify(config.locale)}, not "${documentId}"`;
  const missing = ['header', 'footer', 'strings'].filter((key) => !isRecord(config[key]));
  return missing.length > 0 ? `the draft has no ${missing.map((k) => `"${k}" object`).join(', ')}` : undefined;
}

export type DraftDecision =
  { state: DraftState; accepted: true } | { state: DraftState; accepted: false; reason: string };

/** An UPDATE_DRAFT request: taken when its outline fits, otherwise refused with the reason (state unchanged). */
export function receiveDraft(state: DraftState, draft: DraftEntry): DraftDecision {
  const problem = draftShapeProblem(draft.documentId, draft.config);
  if (problem) return { state, accepted: false, reason: problem };
  return { state: { ...state, current: draft }, accepted: true };
}

/** A render of `revision` committed without an error: it becomes the one to fall back to. */
export function draftRendered(state: DraftState, revision: number | null): DraftState {
  if (!state.current || state.current.revision !== revision || state.lastGood === state.current) return state;
  return { ...state, lastGood: state.current };
}

/**
 * The current draft threw while rendering: go back to the last draft that rendered, or to the published
 * version when the one that threw is that draft (it rendered once, but not in this scenario).
 */
export function revertDraft(state: DraftState): DraftState {
  if (!state.current) return state;
  if (!state.lastGood || state.lastGood === state.current) return {};
  return { current: state.lastGood, lastGood: state.lastGood };
}

/** The documents ShellScreen renders instead of the published ones. */
export function draftsOf(state: DraftState): PreviewDrafts | undefined {
  return state.current ? { [state.current.documentId]: state.current.config } : undefined;
}
