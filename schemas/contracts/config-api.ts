/**
 * The config API's bodies, as the service sends and receives them (docs/api.md). The service
 * (server/documents, server/routes) builds them and the editor (editor/api) reads them: both import
 * these types, so a field renamed here is a compile error on both sides rather than a blank screen.
 * Types only; what each route answers with which status is in docs/api.md.
 */
import type { DocumentId, DocumentKind } from '../validator/documents';
import type { Problem } from '../validator/problem';

export type { DocumentId, DocumentKind, Problem };

/**
 * What a signed-in user may do (docs/api.md#authentication-and-authorisation): editors edit and publish,
 * approvers (product owners who sign off) approve change sets but never edit, viewers read.
 */
export const ROLES = ['editor', 'approver', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export interface Session {
  username: string;
  role: Role;
}

/** `?version=` of GET /api/documents/:id: the working copy, the published version, or a version number. */
export type VersionSelector = 'draft' | 'published' | number;

export type VersionAction = 'seed' | 'create' | 'save' | 'restore';

/** One version of a document, without its text: a history entry, the draft in the list, a save's answer. */
export interface VersionMeta {
  version: number;
  /** `"v7"`: what If-Match takes to edit this version (docs/api.md#conventions). */
  etag: string;
  author: string;
  /** ISO 8601, UTC. */
  time: string;
  message: string;
  action: VersionAction;
  /** For action "restore": the version whose text was copied. */
  restoredFrom?: number;
}

/** The version customers get, and where its file is. */
export interface PublishedMeta {
  version: number;
  etag: string;
  /** Content hash of the published bytes, also in the file name. */
  hash: string;
  /** `/configs/<id>.<hash>.json`. */
  url: string;
  publishedBy: string;
  publishedAt: string;
}

/** One row of GET /api/documents. */
export interface DocumentSummary {
  id: DocumentId;
  kind: DocumentKind;
  /** The draft passes the schema and the cross-file checks against the other drafts. */
  valid: boolean;
  problemCount: number;
  draft: VersionMeta;
  published: PublishedMeta | null;
  hasUnpublishedChanges: boolean;
  lastEditor: string;
  lastEdited: string;
  versionCount: number;
}

/**
 * A document the service holds but cannot serve until its files are repaired (docs/operations.md#repair);
 * reading or saving it answers 503 `document-damaged` with this in the body's `damaged`.
 */
export interface DocumentDamage {
  id: DocumentId;
  /** The damaged file, relative to the store directory. */
  file: string;
  /** What is wrong with it, in one sentence, e.g. "is missing". */
  problem: string;
  /** What an operator does about it. */
  repair: string;
}

/** A damaged document as GET /api/documents lists it. */
export interface DamagedDocument extends DocumentDamage {
  kind: DocumentKind;
}

/** GET /api/documents: what the editor's dashboard shows. */
export interface DocumentList {
  documents: DocumentSummary[];
  /** Documents whose reads and writes answer 503 document-damaged; every other document keeps working. */
  damaged: DamagedDocument[];
}

/** GET /api/documents/:id, and `current` in a 409 or 412 error body. */
export interface DocumentVersion extends VersionMeta {
  id: DocumentId;
  kind: DocumentKind;
  isDraft: boolean;
  isPublished: boolean;
  /** The stored text, byte for byte; what problem lines refer to. */
  text: string;
  /** The parsed text; null only for a seeded file that was never valid JSON. */
  content: unknown;
}

/** PUT /api/documents/:id (save, or create with If-None-Match: *). */
export interface SaveBody {
  /** The whole document. */
  content: unknown;
  /** What changed, for the history. */
  message?: string;
}

/** POST /api/documents/:id/restore. */
export interface RestoreBody {
  /** The version whose text becomes the new draft. */
  version: number;
  message?: string;
}

/** The answer to a save, a create and a restore: the new draft version. */
export interface SavedVersion extends VersionMeta {
  id: DocumentId;
}

export interface HistoryEntry extends VersionMeta {
  isDraft: boolean;
  isPublished: boolean;
}

export interface PublicationEntry {
  version: number;
  hash: string;
  url: string;
  author: string;
  time: string;
  /** The change set it was published with, when it was (docs/workflow.md). */
  changeSet?: string;
  /** Who approved that change set, when approval was required. */
  approvedBy?: string;
}

/** GET /api/documents/:id/history; both lists newest first. */
export interface DocumentHistory {
  id: DocumentId;
  draftVersion: number;
  publishedVersion: number | null;
  versions: HistoryEntry[];
  publications: PublicationEntry[];
}

/** POST /api/documents/:id/publish. */
export interface PublishResult {
  id: DocumentId;
  version: number;
  etag: string;
  hash: string;
  /** The published file. */
  url: string;
  /** The manifest that now lists it. */
  manifest: string;
  author: string;
  time: string;
  /** The draft was already the published version: nothing was written. */
  unchanged: boolean;
}
