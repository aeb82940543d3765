import type { Problem } from '../../schemas/validator';

/** Shapes of the config service's answers (docs/api.md); the editor reads them and nothing else. */
export type Role = 'editor' | 'viewer';

export interface Session {
  username: string;
  role: Role;
}

export interface VersionMeta {
  version: number;
  etag: string;
  author: string;
  time: string;
  message: string;
  action: 'seed' | 'create' | 'save' | 'restore';
  restoredFrom?: number;
}

export interface PublishedMeta {
  version: number;
  etag: string;
  hash: string;
  url: string;
  publishedBy: string;
  publishedAt: string;
}

export interface DocumentSummary {
  id: string;
  kind: 'locale' | 'markets' | 'flags';
  valid: boolean;
  problemCount: number;
  draft: VersionMeta;
  published: PublishedMeta | null;
  hasUnpublishedChanges: boolean;
  lastEditor: string;
  lastEdited: string;
  versionCount: number;
}

/** A document the service holds but cannot serve until its files are repaired; reading or saving it answers 503 `document-damaged`. */
export interface DamagedDocument {
  id: string;
  kind: DocumentSummary['kind'];
  /** The damaged file, relative to the store directory. */
  file: string;
  /** What is wrong with it, e.g. "is missing". */
  problem: string;
  /** What an operator does about it. */
  repair: string;
}

/** GET /api/documents. */
export interface DocumentList {
  documents: DocumentSummary[];
  damaged: DamagedDocument[];
}

export interface DocumentVersion extends VersionMeta {
  id: string;
  kind: DocumentSummary['kind'];
  isDraft: boolean;
  isPublished: boolean;
  /** The stored text byte for byte; problem lines refer to it. */
  text: string;
  content: unknown;
}

export interface HistoryEntry extends VersionMeta {
  isDraft: boolean;
  isPublished: boolean;
}

export interface DocumentHistory {
  id: string;
  draftVersion: number;
  publishedVersion: number | null;
  versions: HistoryEntry[];
}

export interface PublishResult {
  id: string;
  version: number;
  etag: string;
  unchanged: boolean;
}

export type { Problem };
