/**
 * The storage contract of the config service. The file store (file-store.ts) is the embedded
 * default; a database- or object-store-backed implementation replaces it by implementing this.
 *
 * Implementations must make commitDraft and publish atomic per document: the expected-version check
 * and the write happen as one step, and a crash leaves the previous or the new state, never a mix.
 */
import type {
  ChangeSet,
  DocumentDamage,
  ManifestFragments,
  VersionAction,
  VersionSelector,
} from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import type { HeldElsewhere } from './change-set-holds';
import type { FragmentFile } from './published-config';
import type { WriteTurns } from './write-turns';

/** The API's words for these, so the store and the answers built from it cannot drift apart. */
export type { VersionAction, VersionSelector };

/** One entry of a document's history: every version ever saved, never rewritten. */
export interface VersionInfo {
  version: number;
  author: string;
  /** ISO 8601, UTC. */
  time: string;
  message: string;
  action: VersionAction;
  /** For action "restore": the version whose text was copied. */
  restoredFrom?: number;
  /** sha256 of the stored text, hex; lets recovery and tools check a version file is complete. */
  sha256: string;
}

export interface PublicationInfo {
  version: number;
  /** The change set this publication came from, when it came from one (docs/workflow.md). */
  changeSet?: string;
  /** Who approved it, when approval was required. */
  approvedBy?: string;
  /** Content hash of the published bytes (see server/storage/published-config.ts). */
  hash: string;
  /** File name under /configs/, e.g. de-DE.3f2a9c1e0b4d5a6f.json. */
  file: string;
  author: string;
  time: string;
}

export interface DocumentSummary {
  id: DocumentId;
  draft: VersionInfo;
  published: PublicationInfo | null;
  versionCount: number;
}

export interface StoredVersion extends VersionInfo {
  id: DocumentId;
  text: string;
}

export interface DocumentHistory {
  id: DocumentId;
  draftVersion: number;
  /** Oldest first. */
  versions: VersionInfo[];
  /** Every publication, oldest first. */
  publications: PublicationInfo[];
}

export interface NewVersion {
  text: string;
  author: string;
  message: string;
  action: VersionAction;
  restoredFrom?: number;
}

export type CommitResult =
  | { ok: true; version: VersionInfo }
  /** The draft moved on since the caller read it; `current` is the draft now. */
  | { ok: false; reason: 'stale'; current: StoredVersion }
  /** expectedDraft was a number but the document does not exist. */
  | { ok: false; reason: 'not-found' }
  /** expectedDraft was null (create) but the document exists. */
  | { ok: false; reason: 'exists'; current: StoredVersion };

export interface Publication {
  version: number;
  changeSet?: string;
  approvedBy?: string;
  bytes: Uint8Array;
  hash: string;
  file: string;
  author: string;
}

export type PublishResult =
  | { ok: true; publication: PublicationInfo; unchanged: boolean }
  | { ok: false; reason: 'stale'; current: StoredVersion }
  | { ok: false; reason: 'not-found' };

/** One document of an atomic batch publication: published only if its draft is still `expectedDraft`. */
export interface BatchEntry {
  id: DocumentId;
  publication: Publication;
  expectedDraft: number;
}

export type BatchPublishResult =
  | { ok: true; publications: { id: DocumentId; publication: PublicationInfo; unchanged: boolean }[] }
  /** Nothing was published: `id`'s draft moved on, or it is gone. */
  | { ok: false; reason: 'stale'; id: DocumentId; current: StoredVersion }
  | { ok: false; reason: 'not-found'; id: DocumentId }
  /** Nothing was published: the change set record's revision moved on. */
  | { ok: false; reason: 'change-set-stale'; current: ChangeSet };

export type ChangeSetWriteResult =
  | { ok: true; changeSet: ChangeSet }
  /** The record's revision is no longer `expectedRevision` (or, for a create, the id is taken). */
  | { ok: false; reason: 'stale'; current: ChangeSet }
  | { ok: false; reason: 'not-found' }
  /** Nothing was written: the record would take on `document`, which another unpublished set, `holder`, carries (change-set-holds.ts). */
  | ({ ok: false; reason: 'held' } & HeldElsewhere);

/** A document the store holds but cannot serve: reported, never fatal (docs/operations.md#repair). */
export type DamagedDocument = DocumentDamage;

/** A change set record the store holds but cannot read: reported, never fatal (docs/operations.md#repair). */
export interface DamagedChangeSet {
  id: string;
  /** Relative to the store directory. */
  file: string;
  problem: string;
  repair: string;
}

/** What readiness and the dashboard report about the store's own files. */
export interface StoreHealth {
  damaged: DamagedDocument[];
  /** Change set records that cannot be read; their reads and writes raise ChangeSetDamagedError. */
  damagedChangeSets?: DamagedChangeSet[];
  /** A database-backed store's connection (server/storage/postgres): down, with why, while calls fail. Absent for the file store. */
  database?: { state: 'ok' } | { state: 'down'; error: string };
}

export interface DocumentStore {
  /** Who may try to save each document next, oldest waiting writer first (write-turns.ts, docs/api.md#write-turns). */
  readonly turns: WriteTurns;
  /** Documents present, in DOCUMENT_IDS order. */
  list(): Promise<DocumentSummary[]>;
  summary(id: DocumentId): Promise<DocumentSummary | undefined>;
  read(id: DocumentId, which: VersionSelector): Promise<StoredVersion | undefined>;
  history(id: DocumentId): Promise<DocumentHistory | undefined>;
  /**
   * Appends a version and makes it the draft, provided the draft is still `expectedDraft`
   * (null: the document must not exist yet, and this creates it).
   */
  commitDraft(id: DocumentId, change: NewVersion, expectedDraft: number | null): Promise<CommitResult>;
  /**
   * Writes the immutable hashed file, points the document's published version at it and rewrites
   * the manifest, provided the draft is still `expectedDraft`.
   */
  publish(id: DocumentId, publication: Publication, expectedDraft: number): Promise<PublishResult>;
  /**
   * Writes the prerendered fragments that are not on disk yet (their names carry their hash, so a file
   * there is already right) and points the manifest at `section`. Old fragment files stay, like old
   * published files, so a cached manifest never names a missing one. Returns the files it wrote.
   */
  publishFragments(files: readonly FragmentFile[], section: ManifestFragments): Promise<string[]>;
  /** A file under /configs/ (manifest.json, <id>.<hash>.json or a fragment file); undefined when absent. */
  readPublished(fileName: string): Promise<Uint8Array | undefined>;
  /**
   * Calls `listener` after every publication this store hears of (on PostgreSQL, any instance's, and after a gap in
   * listening, when some may have been missed), for caches of what is published kept outside the store. Returns
   * the unsubscribe.
   */
  onPublished(listener: () => void): () => void;
  /** Damaged documents and other integrity findings; cheap enough for every readiness probe. */
  health(): Promise<StoreHealth>;

  /**
   * Publishes several documents as one: every draft is checked, every hashed file written, and then one
   * commit point switches all their publication records and the manifest together. A crash at any point
   * leaves all of the old manifest or all of the new, never a mix (docs/workflow.md#change-sets). When
   * `changeSet` is given, its record is written in the same commit, provided its revision is still
   * `changeSet.expectedRevision`; the record stored is `changeSet.next` with the revision bumped.
   */
  publishBatch(
    entries: readonly BatchEntry[],
    changeSet?: { next: ChangeSet; expectedRevision: number },
  ): Promise<BatchPublishResult>;

  /** Every change set, newest first. */
  listChangeSets(): Promise<ChangeSet[]>;
  readChangeSet(id: string): Promise<ChangeSet | undefined>;
  /**
   * Stores `next` (its revision is set to expectedRevision + 1, or 1 for a create), provided the stored
   * revision is still `expectedRevision` (null: the id must be new). Compare-and-set, like commitDraft.
   * A document is in at most one unpublished set (docs/workflow.md#change-sets): an unpublished `next` that takes on
   * a document another unpublished set carries is refused ('held'), however many writers race, on every instance
   * of the store. Only the documents a write takes on are checked (change-set-holds.ts).
   */
  writeChangeSet(next: ChangeSet, expectedRevision: number | null): Promise<ChangeSetWriteResult>;
  /**
   * A secret of the store's own, made on first use and kept with the store (signs share links,
   * docs/workflow.md#sharing-a-preview): every instance on the store signs and checks with the same one.
   */
  secret(name: 'share-links'): Promise<Buffer>;
}
