import type { DocumentId } from '../../schemas/validator/documents';
import { ConfigLoadError, documentLabel, type ConfigFailureReason } from '../config/config-load-error';

/** Why the fallback chrome is on screen: a document that could not be used, or a shell that could not render. */
export interface ShellFailure {
  /** A document id, `manifest`, or the config id whose render failed. */
  document: string;
  reason: ConfigFailureReason | 'render-error';
  url?: string;
  /** Names the document and what is wrong; the console error and the preview's panel show it. */
  message: string;
}

/** One document a screen renders from; `data` once loaded, `error` once it failed. */
export interface ScreenDocument {
  id: DocumentId;
  data?: unknown;
  error?: unknown;
}

export type ScreenState = { kind: 'loading' } | { kind: 'ready' } | { kind: 'fallback'; failure: ShellFailure };

export function failureOf(id: DocumentId, error: unknown): ShellFailure {
  if (error instanceof ConfigLoadError)
    return { document: error.document, reason: error.reason, url: error.url, message: error.message };
  return {
    document: id,
    reason: 'unreachable',
    message: `${documentLabel(id)} could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
  };
}

/**
 * What a screen shows for the documents it needs (docs/architecture.md#fallback-chrome): the shell once all
 * are loaded, even after the deadline; the fallback chrome when one failed, or when the deadline passed
 * with one still missing; the loading state otherwise. Never the loading state after the deadline.
 */
export function decideScreen(
  documents: readonly ScreenDocument[],
  deadlinePassed: boolean,
  deadlineMs: number,
): ScreenState {
  const failed = documents.find((d) => d.error !== undefined && d.data === undefined);
  if (failed) return { kind: 'fallback', failure: failureOf(failed.id, failed.error) };
  const missing = documents.find((d) => d.data === undefined);
  if (!missing) return { kind: 'ready' };
  if (!deadlinePassed) return { kind: 'loading' };
  return {
    kind: 'fallback',
    failure: {
      document: missing.id,
      reason: 'timeout',
      message: `${documentLabel(missing.id)} did not arrive within ${deadlineMs} ms`,
    },
  };
}
