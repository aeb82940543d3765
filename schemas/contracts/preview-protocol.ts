/**
 * The editor ⇄ preview iframe protocol (docs/preview-url.md, "Editor mode"). Requests ask the preview for a
 * change (UPDATE_X); facts report what happened (X_UPDATED), the way Storybook separates its core events.
 * Both sides read every message through readPreviewMessage: same origin, the expected window, this
 * protocol's tag and version, a known type for the direction, and a payload of the right shape. Anything
 * else is dropped with a console warning, never acted on. (A listener may first skip, silently, messages
 * from other windows that do not even claim to be ours: other libraries post messages too.)
 *
 * Kept free of React and of the validator: the editor's first load and the portal's bundle both carry it.
 */
// documents.ts, not the validator's index: the index brings Ajv, which neither bundle may carry for this.
import { isDocumentId, type DocumentId } from '../validator/documents';

export const PREVIEW_PROTOCOL = 'portal-shell-preview';
export const PREVIEW_PROTOCOL_VERSION = 1;

/** Editor → preview. */
export interface PreviewRequests {
  /** The open document's parsed, validated, default-filled draft; `sentAt` is an epoch time in ms. */
  UPDATE_DRAFT: { documentId: DocumentId; revision: number; config: Record<string, unknown>; sentAt: number };
  /** The scenario as a /preview query (preview-params.ts): locale, persona, page, flags (design v2 is the designV2 and footerV2 flags), access, data, latency, faults. */
  UPDATE_SCENARIO: { query: string };
  /** Whether PREVIEW_RENDERED lists every hidden item with its rule, or only counts them. */
  SET_WHY_HIDDEN: { enabled: boolean };
  /** Visual editing (docs/editor-workspace.md#visual-editing): hovering an item outlines it, a click reports ITEM_SELECTED instead of navigating. */
  SET_VISUAL_EDITING: { enabled: boolean };
  /** Outline and scroll to the item at (or around) this JSON pointer of the draft; answered by ITEM_HIGHLIGHTED. */
  HIGHLIGHT_ITEM: { pointer: string };
}

/**
 * Where the item a HIGHLIGHT_ITEM named is: `shown` (outlined), `inside` (not on screen, its nearest shown
 * ancestor is outlined: a closed dropdown), `hidden` (a rule hid it or an ancestor), `not-shown` (this
 * combination renders another part of the config), `no-item` (the pointer is in no item, e.g. a string table).
 */
export const ITEM_PLACES = ['shown', 'inside', 'hidden', 'not-shown', 'no-item'] as const;
export type ItemPlace = (typeof ITEM_PLACES)[number];

/** A document a render used: the draft sent by the editor, or the published file. */
export type ShownDocument =
  | { documentId: DocumentId; source: 'draft'; revision: number }
  | { documentId: DocumentId; source: 'published'; hash: string | null };

export interface HiddenItemFact {
  id: string;
  title: string;
  location: string;
  /** Plain-language reason, from the resolver's explainRule. */
  reason: string;
  /** The visibility rule that hid it, as written in the config. */
  rule: unknown;
}

/** Preview → editor. */
export interface PreviewFacts {
  PREVIEW_READY: { buildId: string };
  DRAFT_UPDATED: { documentId: DocumentId; revision: number; sentAt: number };
  /** The draft was not used; the preview keeps showing `keptRevision` (null: the published version). */
  DRAFT_REJECTED: { documentId: DocumentId; revision: number; reason: string; keptRevision: number | null };
  PREVIEW_RENDERED: {
    buildId: string;
    query: string;
    shown: ShownDocument[];
    hiddenCount: number;
    /** Present while "why hidden" is on. */
    hidden?: HiddenItemFact[];
    /** The draft revision on screen, and when the editor sent it (epoch ms); null without a draft. */
    draftRevision: number | null;
    sentAt: number | null;
    renderedAt: number;
  };
  /** The preview moved by itself (a forced redirect): the scenario it shows now. */
  SCENARIO_UPDATED: { query: string };
  SCENARIO_REJECTED: {
    query: string;
    errors: { param: string; value: string; message: string; validValues?: readonly string[] }[];
  };
  /** Visual editing: the item clicked in the preview, by its id and its JSON pointer in the draft. */
  ITEM_SELECTED: { documentId: DocumentId; id: string; pointer: string };
  /** The answer to HIGHLIGHT_ITEM; `reason` says why it is not outlined (`needs flag "x" (off)`), `outlined` names what is. */
  ITEM_HIGHLIGHTED: {
    pointer: string;
    id: string | null;
    place: ItemPlace;
    reason: string | null;
    outlined: string | null;
  };
}

export type PreviewRequestType = keyof PreviewRequests;
export type PreviewFactType = keyof PreviewFacts;

interface Envelope<K extends string, P> {
  protocol: typeof PREVIEW_PROTOCOL;
  version: typeof PREVIEW_PROTOCOL_VERSION;
  type: K;
  payload: P;
}

export type PreviewRequest = { [K in PreviewRequestType]: Envelope<K, PreviewRequests[K]> }[PreviewRequestType];
export type PreviewFact = { [K in PreviewFactType]: Envelope<K, PreviewFacts[K]> }[PreviewFactType];
export type PreviewMessage = PreviewRequest | PreviewFact;

type Guard = (payload: Record<string, unknown>) => string | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isTime = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/** Each guard names the first thing wrong with a payload, or returns undefined. */
const documentIdGuard = (p: Record<string, unknown>) =>
  typeof p.documentId === 'string' && isDocumentId(p.documentId)
    ? undefined
    : `documentId ${JSON.stringify(p.documentId)} is not a document id`;
const revisionGuard = (p: Record<string, unknown>) =>
  isCount(p.revision) ? undefined : 'revision must be a whole number ≥ 0';
const queryGuard = (p: Record<string, unknown>) => (typeof p.query === 'string' ? undefined : 'query must be a string');
/** A JSON pointer (RFC 6901): empty, or starting with "/". */
const pointerGuard = (p: Record<string, unknown>) =>
  typeof p.pointer === 'string' && (p.pointer === '' || p.pointer.startsWith('/'))
    ? undefined
    : `pointer ${JSON.stringify(p.pointer)} is not a JSON pointer (RFC 6901: "" or starting with "/")`;
const nullableString = (key: string) => (p: Record<string, unknown>) =>
  p[key] === null || typeof p[key] === 'string' ? undefined : `${key} must be a string or null`;
const first =
  (...guards: Guard[]): Guard =>
  (p) =>
    guards.map((g) => g(p)).find((problem) => problem !== undefined);

const REQUEST_GUARDS: Record<PreviewRequestType, Guard> = {
  UPDATE_DRAFT: first(
    documentIdGuard,
    revisionGuard,
    (p) => (isRecord(p.config) ? undefined : 'config must be a JSON object'),
    (p) => (isTime(p.sentAt) ? undefined : 'sentAt must be a time in ms'),
  ),
  UPDATE_SCENARIO: queryGuard,
  SET_WHY_HIDDEN: (p) => (typeof p.enabled === 'boolean' ? undefined : 'enabled must be true or false'),
  SET_VISUAL_EDITING: (p) => (typeof p.enabled === 'boolean' ? undefined : 'enabled must be true or false'),
  HIGHLIGHT_ITEM: pointerGuard,
};

const FACT_GUARDS: Record<PreviewFactType, Guard> = {
  PREVIEW_READY: (p) => (typeof p.buildId === 'string' ? undefined : 'buildId must be a string'),
  DRAFT_UPDATED: first(documentIdGuard, revisionGuard),
  DRAFT_REJECTED: first(documentIdGuard, revisionGuard, (p) =>
    typeof p.reason === 'string' ? undefined : 'reason must be a string',
  ),
  PREVIEW_RENDERED: first(
    queryGuard,
    (p) => (typeof p.buildId === 'string' ? undefined : 'buildId must be a string'),
    (p) => (Array.isArray(p.shown) ? undefined : 'shown must be a list'),
    (p) => (isCount(p.hiddenCount) ? undefined : 'hiddenCount must be a whole number ≥ 0'),
    (p) => (p.hidden === undefined || Array.isArray(p.hidden) ? undefined : 'hidden must be a list'),
  ),
  SCENARIO_UPDATED: queryGuard,
  SCENARIO_REJECTED: first(queryGuard, (p) => (Array.isArray(p.errors) ? undefined : 'errors must be a list')),
  ITEM_SELECTED: first(
    documentIdGuard,
    (p) => (typeof p.id === 'string' && p.id !== '' ? undefined : 'id must be a non-empty string'),
    pointerGuard,
  ),
  ITEM_HIGHLIGHTED: first(
    pointerGuard,
    nullableString('id'),
    (p) =>
      (ITEM_PLACES as readonly unknown[]).includes(p.place)
        ? undefined
        : `place ${JSON.stringify(p.place)} is not one of ${ITEM_PLACES.join(', ')}`,
    nullableString('reason'),
    nullableString('outlined'),
  ),
};

export type Direction = 'request' | 'fact';

export interface ReadOptions {
  /** The window messages must come from: the iframe's contentWindow (editor), window.parent (preview). */
  source: MessageEventSource | null;
  direction: Direction;
  /** Defaults to this page's origin; both sides are served by the same host. */
  origin?: string;
}

/** Whether a message claims to be ours (a listener checks these fully, whichever window they came from). */
export function claimsPreviewProtocol(data: unknown): boolean {
  return isRecord(data) && 'protocol' in data;
}

/** Why a message is not one of ours, or undefined when it is; exported for the tests' error texts. */
export function previewMessageProblem(data: unknown, direction: Direction): string | undefined {
  if (!isRecord(data) || data.protocol !== PREVIEW_PROTOCOL) return `not a ${PREVIEW_PROTOCOL} message`;
  if (data.version !== PREVIEW_PROTOCOL_VERSION)
    return `protocol version ${JSON.stringify(data.version)} is not supported (expected ${PREVIEW_PROTOCOL_VERSION})`;
  const guards: Record<string, Guard> = direction === 'request' ? REQUEST_GUARDS : FACT_GUARDS;
  const type = data.type;
  if (typeof type !== 'string' || !Object.hasOwn(guards, type))
    return `unknown ${direction} type ${JSON.stringify(type)}; expected one of ${Object.keys(guards).join(', ')}`;
  if (!isRecord(data.payload)) return `${type}: payload must be an object`;
  const problem = guards[type]!(data.payload);
  return problem && `${type}: ${problem}`;
}

/** The message when it passes every check; otherwise undefined, after a console warning that says why. */
export function readPreviewMessage(
  event: MessageEvent,
  options: { source: MessageEventSource | null; direction: 'request'; origin?: string },
): PreviewRequest | undefined;
export function readPreviewMessage(
  event: MessageEvent,
  options: { source: MessageEventSource | null; direction: 'fact'; origin?: string },
): PreviewFact | undefined;
export function readPreviewMessage(
  event: MessageEvent,
  { source, direction, origin = window.location.origin }: ReadOptions,
): PreviewMessage | undefined {
  const drop = (why: string) => void console.warn(`[preview-protocol] dropped a message: ${why}`);
  if (event.origin !== origin) return drop(`origin ${JSON.stringify(event.origin)} is not ${origin}`);
  if (source === null || event.source !== source) return drop('it did not come from the expected window');
  const problem = previewMessageProblem(event.data, direction);
  if (problem) return drop(problem);
  return event.data as PreviewMessage;
}

export function previewRequest<K extends PreviewRequestType>(type: K, payload: PreviewRequests[K]): PreviewRequest {
  return { protocol: PREVIEW_PROTOCOL, version: PREVIEW_PROTOCOL_VERSION, type, payload } as PreviewRequest;
}

export function previewFact<K extends PreviewFactType>(type: K, payload: PreviewFacts[K]): PreviewFact {
  return { protocol: PREVIEW_PROTOCOL, version: PREVIEW_PROTOCOL_VERSION, type, payload } as PreviewFact;
}

/** Posts to a window of this origin only: a draft never leaves the host that served the editor. */
export function postPreviewMessage(
  target: Window,
  message: PreviewMessage,
  origin: string = window.location.origin,
): void {
  target.postMessage(message, origin);
}

/**
 * A request to the editor's preview frame. A frame of this origin shares the page's main thread, and a posted
 * message waits there behind the page's input events and its next frame; so for such a frame the same message
 * event is dispatched on its window at once: the frame's listener runs inside the current task, with the same
 * origin and source checks, on a structured clone made in the frame's own realm, as postMessage would hand it
 * (docs/editor-typing.md#the-fixes). Any other frame gets the message posted.
 */
export function sendPreviewRequest(
  target: Window,
  message: PreviewRequest,
  origin: string = window.location.origin,
): void {
  let frameOrigin: string | null = null;
  try {
    frameOrigin = target.location.origin;
  } catch {
    // A frame of another origin: its location cannot be read.
  }
  const realm = target as Window & typeof globalThis;
  if (frameOrigin !== origin || typeof realm.structuredClone !== 'function')
    return postPreviewMessage(target, message, origin);
  target.dispatchEvent(
    new realm.MessageEvent('message', { data: realm.structuredClone(message), origin, source: window }),
  );
}

/** Epoch milliseconds with sub-millisecond precision, comparable between the editor and its iframe. */
export function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
