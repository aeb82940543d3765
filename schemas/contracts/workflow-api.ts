/**
 * The editorial workflow's bodies (docs/workflow.md, docs/api.md#change-sets): change sets, their review,
 * approval, schedule, comments, share links and presence. The service (server/workflow) builds them and the
 * editor (editor/change-sets) reads them. Types and small pure helpers only.
 */
import type { DocumentId } from '../validator/documents';

/**
 * draft → in-review → approved → published. Any edit of a member document after approval sends the set back
 * to in-review. With approval off (REQUIRE_APPROVAL=0) a draft or in-review set may be published directly.
 */
export const CHANGE_SET_STATES = ['draft', 'in-review', 'approved', 'published'] as const;
export type ChangeSetState = (typeof CHANGE_SET_STATES)[number];

/** A document in a change set, and the draft version the set carries for it. */
export interface ChangeSetMember {
  id: DocumentId;
  /** The document's draft version when it was added or the set last changed state; kept in step with later saves until approval. */
  version: number;
}

/** Where a comment points inside a member document: the item's JSON pointer, with its id when it has one. */
export interface CommentTarget {
  document: DocumentId;
  pointer: string;
  itemId?: string;
}

export interface ChangeSetComment {
  id: string;
  author: string;
  /** ISO 8601, UTC. */
  time: string;
  text: string;
  target?: CommentTarget;
}

export const CHANGE_SET_EVENT_KINDS = [
  'created',
  'renamed',
  'member-added',
  'member-removed',
  'member-edited',
  'submitted',
  'approved',
  'returned-to-review',
  'withdrawn',
  'commented',
  'scheduled',
  'unscheduled',
  'schedule-failed',
  'published',
  'publish-failed',
  'shared',
  'share-revoked',
] as const;
export type ChangeSetEventKind = (typeof CHANGE_SET_EVENT_KINDS)[number];

/** One line of a change set's history: who did what, when, and the member versions at that moment. */
export interface ChangeSetEvent {
  kind: ChangeSetEventKind;
  author: string;
  time: string;
  /** Member document id → draft version, as the set stood right after this event. */
  versions: Partial<Record<DocumentId, number>>;
  /** For people: "de-DE v7 → v8 by anna", the failure's reason, the comment's first words. */
  detail?: string;
}

export interface ChangeSetApproval {
  by: string;
  time: string;
  /** The member versions approved: publishing any other version needs a new approval. */
  versions: Partial<Record<DocumentId, number>>;
}

export interface ChangeSetSchedule {
  /** ISO 8601, UTC: when the server publishes the set. */
  at: string;
  by: string;
  /** Set when the scheduled publication could not happen, with why; the set stays approved and unscheduled. */
  failure?: { time: string; reason: string };
}

/** A read-only preview link handed to someone without an account (docs/workflow.md#sharing-a-preview). */
export interface ShareRecord {
  id: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  /** Who it was for, as the sharer wrote it (free text, may be empty). */
  note: string;
  revokedAt?: string;
  revokedBy?: string;
}

export interface ChangeSet {
  /** `cs-` followed by 10 lowercase base-32 characters. */
  id: string;
  title: string;
  state: ChangeSetState;
  createdBy: string;
  createdAt: string;
  members: ChangeSetMember[];
  approval: ChangeSetApproval | null;
  schedule: ChangeSetSchedule | null;
  comments: ChangeSetComment[];
  events: ChangeSetEvent[];
  shares: ShareRecord[];
  /** Set once published: who, when, and the manifest the publication switched to. */
  published: { by: string; time: string; versions: Partial<Record<DocumentId, number>> } | null;
  /** Bumped by every change to the record; its ETag is `"r<revision>"` and writes need If-Match. */
  revision: number;
}

export const CHANGE_SET_ID = /^cs-[a-z2-7]{10}$/;

export function isChangeSetId(value: string): boolean {
  return CHANGE_SET_ID.test(value);
}

/** The ETag of a change set record: `"r7"` (document versions use `"v7"`). */
export function changeSetEtag(revision: number): string {
  return `"r${revision}"`;
}

/** GET /api/change-sets */
export interface ChangeSetList {
  changeSets: ChangeSet[];
  /** Whether publishing needs an approved set (REQUIRE_APPROVAL, on unless set to 0). */
  requireApproval: boolean;
}

/** POST /api/change-sets */
export interface CreateChangeSetBody {
  title: string;
  /** Documents to start with; each joins at its current draft version. */
  documents?: DocumentId[];
}

/**
 * POST /api/change-sets/:id/actions, with If-Match: "r<revision>". One body per action so the route and the
 * editor share the list of what can be done to a set.
 */
export type ChangeSetAction =
  | { action: 'rename'; title: string }
  | { action: 'add'; document: DocumentId }
  | { action: 'remove'; document: DocumentId }
  | { action: 'submit' }
  | { action: 'approve' }
  | { action: 'withdraw' }
  | { action: 'comment'; text: string; target?: CommentTarget }
  | { action: 'schedule'; at: string }
  | { action: 'unschedule' }
  | { action: 'publish' };

export type ChangeSetActionName = ChangeSetAction['action'];

/** POST /api/change-sets/:id/shares: a new link; the token is shown once and never stored in clear. */
export interface CreateShareBody {
  /** Minutes until it expires: 1 to 43 200 (30 days). */
  expiresInMinutes: number;
  note?: string;
}

export interface CreatedShare {
  share: ShareRecord;
  /** The /preview URL with its `share` parameter: the only time the token is shown. */
  url: string;
}

/** GET /api/shares/:token: what a share link opens, read-only, without an account. */
export interface SharedChangeSet {
  changeSet: { id: string; title: string; state: ChangeSetState };
  expiresAt: string;
  /** Each member's carried draft, as text and parsed. */
  documents: { id: DocumentId; version: number; text: string; content: unknown }[];
}

/** One person's presence: who has which document open, and since when. */
export interface PresenceEntry {
  username: string;
  /** The open document, or null for the dashboard and other pages. */
  document: DocumentId | null;
  since: string;
}

/** The `presence` event of GET /api/presence/stream (server-sent events): everyone present, each time it changes. */
export interface PresenceSnapshot {
  entries: PresenceEntry[];
}
