/**
 * GET /api/shares/:token for /preview?share= (docs/workflow.md#sharing-a-preview): the change set's drafts,
 * without an account. The answer is checked here, where it enters: every document has the shape the shell
 * was compiled against, so what renders later trusts it.
 */
import { CHANGE_SET_STATES, type ErrorCode, type SharedChangeSet } from '../../../schemas/contracts';
import { documentKind, isDocumentId } from '../../../schemas/validator/documents';
import { findShapeProblem } from '../../config/shape-check';

/** The share service answers in milliseconds; past this the reader is told, not left on a spinner. */
export const SHARE_REQUEST_TIMEOUT_MS = 10_000;

export type ShareLoad =
  | { kind: 'ok'; shared: SharedChangeSet }
  /** The service refused the link: expired, revoked, not valid, or too many openings. */
  | { kind: 'refused'; status: number; code: ErrorCode | string; message: string; hint?: string }
  /** No usable answer: the network, the service, or an answer of the wrong shape. */
  | { kind: 'failed'; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why `value` is not a SharedChangeSet the preview can render; undefined when it is one. */
export function sharedChangeSetProblem(value: unknown): string | undefined {
  if (
    !isRecord(value) ||
    !isRecord(value.changeSet) ||
    !Array.isArray(value.documents) ||
    typeof value.expiresAt !== 'string'
  )
    return 'the answer is not a shared change set';
  const { title, state } = value.changeSet;
  if (typeof title !== 'string' || !(CHANGE_SET_STATES as readonly unknown[]).includes(state))
    return 'the answer names no change set title and state';
  for (const [index, document] of value.documents.entries()) {
    if (
      !isRecord(document) ||
      typeof document.id !== 'string' ||
      !isDocumentId(document.id) ||
      typeof document.version !== 'number'
    )
      return `document ${index} of the answer has no known id and version`;
    const problem = findShapeProblem(documentKind(document.id), document.content);
    if (problem)
      return `the draft of ${document.id} cannot be shown: ${problem.pointer || '(the document)'} ${problem.message}`;
  }
  return undefined;
}

export async function getSharedChangeSet(token: string): Promise<ShareLoad> {
  let response: Response;
  try {
    // The token goes in the path as it came: its form (base64url and a dot) was checked with the URL's parameters.
    response = await fetch(`/api/shares/${token}`, {
      headers: { accept: 'application/json' },
      credentials: 'omit',
      signal: AbortSignal.timeout(SHARE_REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      kind: 'failed',
      message: timedOut
        ? `the config service did not answer within ${SHARE_REQUEST_TIMEOUT_MS / 1000} s`
        : `the config service could not be reached (${(error as Error).message})`,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    if (error && typeof error.code === 'string' && typeof error.message === 'string')
      return {
        kind: 'refused',
        status: response.status,
        code: error.code,
        message: error.message,
        ...(typeof error.hint === 'string' ? { hint: error.hint } : {}),
      };
    return { kind: 'failed', message: `the config service answered ${response.status}` };
  }
  const problem = sharedChangeSetProblem(body);
  if (problem) return { kind: 'failed', message: problem };
  return { kind: 'ok', shared: body as SharedChangeSet };
}
