/**
 * The embedded store: one directory of JSON files per CONFIG_DIR.
 *
 *   documents/<id>/meta.json              draft pointer, history entries, publications (the commit point)
 *   documents/<id>/versions/000007.json   the text of version 7, byte for byte as saved, never rewritten
 *   published/<id>.<hash>.json            immutable published files
 *   published/manifest.json               the current published file per document, and the fragments
 *   published/fragments/…                 immutable prerendered fragments (docs/rendering.md#fragments)
 *   changesets/<id>.json                  change set records; secrets/<name>.key; publish-batch.json, the
 *                                         journal of a batch publication (workflow-layout.ts)
 *
 * A save writes the version file, then meta.json. Both writes are atomic (atomic-write.ts), and
 * meta.json is the commit point: a crash between the two leaves an orphan version file that no
 * meta refers to, which the next save of that document overwrites. Metas are kept in memory, so
 * one process must own a CONFIG_DIR: open takes store.lock and close lets it go (store-lock.ts).
 *
 * A batch publication (several documents at once, docs/workflow.md#change-sets) cannot rely on one meta.json:
 * it writes every hashed file, then ONE journal naming every new publication and the change set record (its
 * commit point), then the metas, the record and the manifest, and removes the journal. An open that finds the
 * journal rolls it forward, so after a crash the manifest names all of the batch or none of it.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_IDS, isDocumentId, type DocumentId } from '../../schemas/validator/index';
import {
  FRAGMENTS_FOLDER,
  isChangeSetId,
  MANIFEST_FILE,
  type ChangeSet,
  type ManifestEntry,
  type ManifestFragments,
} from '../../schemas/contracts/index';
import {
  contentHash,
  parseFragmentFileName,
  parsePublishedFileName,
  renderManifest,
  renderStoredVersion,
  type FragmentFile,
  type ManifestSource,
} from './published-config';
import { fsyncDirectory, sweepTempFiles, TEMP_SUFFIX, writeFileAtomic, type WriteFaults } from './atomic-write';
import { heldElsewhere, newlyHeld } from './change-set-holds';
import { ChangeSetDamagedError, DocumentDamagedError, REPAIR_GUIDE } from './document-damage';
import { inspectDocument, type DocumentInspection, type Finding, type PublishedFileState } from './document-inspection';
import { KeyedMutex } from './keyed-mutex';
import { STORAGE_FAILURE_TEXT, writeFailure } from './storage-failure';
import { acquireStoreLock, LOCK_FILE, type LockHolder, type StoreLock } from './store-lock';
import { META_FORMAT, metaPath, publishedDir, sha256, versionFilePath, type Meta } from './store-layout';
import { MemoryWriteTurns, type WriteTurns } from './write-turns';
import {
  changeSetPath,
  changeSetsDir,
  JOURNAL_FILE,
  JOURNAL_FORMAT,
  journalPath,
  parseChangeSet,
  parseChangeSetFileName,
  parseJournal,
  renderRecord,
  SECRET_BYTES,
  SECRET_MODE,
  SECRET_NAMES,
  secretPath,
  secretsDir,
  type BatchJournal,
  type SecretName,
} from './workflow-layout';
import type {
  BatchEntry,
  BatchPublishResult,
  ChangeSetWriteResult,
  CommitResult,
  DamagedChangeSet,
  DamagedDocument,
  DocumentHistory,
  DocumentStore,
  DocumentSummary,
  NewVersion,
  Publication,
  PublicationInfo,
  PublishResult,
  StoredVersion,
  StoreHealth,
  VersionInfo,
  VersionSelector,
} from './store';

export { publishedDir, versionFilePath } from './store-layout';

const MANIFEST_LOCK = '\0manifest';
const changeSetLock = (id: string) => `\0change-set:${id}`;
/** Held by every change set write: who holds which document is decided one write at a time (change-set-holds.ts). */
const HOLDS_LOCK = '\0change-set-holds';
const secretLock = (name: SecretName) => `\0secret:${name}`;

export interface FileStoreOptions {
  dir: string;
  /** Test seam for injected write failures; see WriteFaults. */
  faults?: WriteFaults;
  /**
   * true (the server): repair at open what needs no guessing. false (`npm run store:check`): only
   * inspect; nothing is created, removed or written.
   */
  repair?: boolean;
}

export interface FileStoreRecovery {
  /** Temp files a crashed process left behind, removed at open. */
  tempFilesRemoved: number;
  /** Every integrity problem found at open, repaired or not (docs/operations.md#repair). */
  findings: Finding[];
  /**
   * The directory lock (docs/operations.md#one-owner): the stale lock of a process that is gone, taken over; or why
   * no lock could be made (a read-only volume: the store still serves what it holds, and nothing can be lost there).
   */
  lock: { tookOver?: LockHolder; unavailable?: string };
}

export class FileStore implements DocumentStore {
  readonly turns: WriteTurns = new MemoryWriteTurns();
  readonly dir: string;
  readonly #faults: WriteFaults | undefined;
  readonly #metas = new Map<DocumentId, Meta>();
  /** Documents that cannot be served; their reads and writes raise DocumentDamagedError. */
  readonly #damaged = new Map<DocumentId, DamagedDocument>();
  /** Manifest entries of damaged documents, kept while their file is intact so customers keep the last publication. */
  readonly #keptEntries = new Map<DocumentId, ManifestSource>();
  readonly #locks = new KeyedMutex();
  /** The manifest's fragments section: derived from the published documents by the service, kept here between its refreshes. */
  #fragments: ManifestFragments | undefined;
  readonly #changeSets = new Map<string, ChangeSet>();
  readonly #damagedChangeSets = new Map<string, DamagedChangeSet>();
  readonly #secrets = new Map<SecretName, Buffer>();
  /** A batch committed (its journal written) whose metas, record or manifest are not all written yet. */
  #pendingJournal: BatchJournal | undefined;
  #lock: StoreLock | undefined;
  readonly #onPublished = new Set<() => void>();
  /** manifest.json as last written or read: this process is its only writer (store.lock), and every page request reads it. */
  #manifestBytes: Uint8Array | undefined;

  private constructor(options: FileStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.#faults = options.faults;
  }

  /**
   * Opens the store (creating it if needed), removes crash leftovers, checks every document's files,
   * repairs what needs no guessing and re-derives the manifest. A damaged document never stops the
   * open: it is reported by health() and its calls raise DocumentDamagedError.
   */
  static async open(options: FileStoreOptions): Promise<{ store: FileStore; recovery: FileStoreRecovery }> {
    const repair = options.repair ?? true;
    const store = new FileStore(options);
    // A store that repairs (the server, store:check --repair) writes, so it owns the directory; an inspection does not (store-lock.ts).
    const lock: TakenLock = repair ? await takeLock(store.dir) : {};
    store.#lock = lock.lock;
    try {
      const opened = await FileStore.#load(store, repair);
      const report = {
        ...(lock.lock?.tookOver ? { tookOver: lock.lock.tookOver } : {}),
        ...(lock.unavailable ? { unavailable: lock.unavailable } : {}),
      };
      return { store, recovery: { ...opened, lock: report } };
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  /** Lets go of the directory (store-lock.ts). The store must not be used afterwards. */
  async close(): Promise<void> {
    const lock = this.#lock;
    this.#lock = undefined;
    await lock?.release();
  }

  static async #load(store: FileStore, repair: boolean): Promise<Omit<FileStoreRecovery, 'lock'>> {
    const findings: Finding[] = [];
    let tempFilesRemoved = 0;
    if (repair) {
      await mkdir(path.join(store.dir, 'documents'), { recursive: true });
      await mkdir(publishedDir(store.dir), { recursive: true });
      tempFilesRemoved = await sweepTempFiles(store.dir);
    } else {
      await stat(store.dir);
      for (const file of await listTempFiles(store.dir))
        findings.push({
          file,
          problem: 'is a temp file left by an interrupted write',
          status: 'repairable',
          action: 'removed (it never became part of the store)',
        });
    }

    const manifest = await readManifestEntries(store.dir);
    // Kept only when every file it names is intact; otherwise dropped, and the service's next refresh renders it again.
    store.#fragments =
      manifest.fragments && (await fragmentsIntact(store.dir, manifest.fragments)) ? manifest.fragments : undefined;
    const published = await readPublishedFiles(store.dir);
    // Only known ids are looked up, so no other name in the directory is ever parsed or trusted.
    for (const id of DOCUMENT_IDS) {
      const files = published.get(id) ?? [];
      const inspection = await inspectDocument(store.dir, id, {
        published: files,
        manifestEntry: manifest.entries.get(id),
      }).catch((error: NodeJS.ErrnoException): DocumentInspection => ({
        id,
        damage: {
          id,
          file: `documents/${id}`,
          problem: `cannot be checked (${error.code ?? error.message})`,
          repair: `check the files' permissions, then restore documents/${id}/ from a backup if that is not it (${REPAIR_GUIDE})`,
        },
        findings: [],
        writes: [],
      }));
      let { damage } = inspection;
      if (repair && inspection.writes.length > 0) {
        try {
          for (const write of inspection.writes)
            await writeFileAtomic(write.target, write.bytes, { faults: store.#faults });
          for (const f of inspection.findings) if (f.status === 'repairable') f.status = 'repaired';
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
          damage = {
            id,
            file: `documents/${id}`,
            problem: `needs a repair that could not be written (${code})`,
            repair: `make the store writable and restart, or run npm run store:check -- --repair (${REPAIR_GUIDE})`,
          };
        }
      }
      findings.push(...inspection.findings);
      if (damage) {
        if (!inspection.findings.some((f) => f.status === 'manual'))
          findings.push({ file: damage.file, problem: damage.problem, status: 'manual', action: damage.repair });
        store.#damaged.set(id, damage);
        const entry = manifest.entries.get(id);
        if (entry && files.some((f) => f.file === entry.file && f.intact)) store.#keptEntries.set(id, { id, ...entry });
      } else if (inspection.meta) store.#metas.set(id, inspection.meta);
    }

    await store.#loadChangeSets(findings);
    await store.#checkSecrets(findings, repair);
    const journal = await store.#rollForwardJournal(findings, repair);

    // A crash between a publication's meta write and its manifest write leaves a stale manifest.
    const derived = store.#manifestText();
    // A new store has no manifest yet, and nothing is wrong with that.
    const fresh = manifest.text === undefined && derived === renderManifest([]);
    if (manifest.text !== derived && !fresh) {
      findings.push({
        file: `published/${MANIFEST_FILE}`,
        problem: manifest.problem ?? "does not match the documents' publication records",
        status: repair ? 'repaired' : 'repairable',
        action: 'rewritten from the publication records',
      });
    }
    if (manifest.text !== derived && repair) await store.#writeManifest();
    // Only now is every write the journal promised on disk.
    if (journal && repair) await store.#removeJournal();
    return { tempFilesRemoved, findings };
  }

  async list(): Promise<DocumentSummary[]> {
    return DOCUMENT_IDS.flatMap((id) => {
      const meta = this.#metas.get(id);
      return meta && !this.#damaged.has(id) ? [summarise(meta)] : [];
    });
  }

  async summary(id: DocumentId): Promise<DocumentSummary | undefined> {
    const meta = this.#usable(id);
    return meta && summarise(meta);
  }

  async read(id: DocumentId, which: VersionSelector): Promise<StoredVersion | undefined> {
    const meta = this.#usable(id);
    return meta && this.#readVersion(meta, which);
  }

  async history(id: DocumentId): Promise<DocumentHistory | undefined> {
    const meta = this.#usable(id);
    if (!meta) return undefined;
    return { id, draftVersion: meta.draft, versions: [...meta.versions], publications: [...meta.publications] };
  }

  commitDraft(id: DocumentId, change: NewVersion, expectedDraft: number | null): Promise<CommitResult> {
    return this.#locks.run(id, async () => {
      const meta = this.#usable(id);
      if (expectedDraft === null && meta) return { ok: false, reason: 'exists', current: await this.#readDraft(meta) };
      if (expectedDraft !== null && !meta) return { ok: false, reason: 'not-found' };
      if (meta && meta.draft !== expectedDraft)
        return { ok: false, reason: 'stale', current: await this.#readDraft(meta) };

      const version = (meta?.versions.length ?? 0) + 1;
      const info: VersionInfo = {
        version,
        author: change.author,
        time: new Date().toISOString(),
        message: change.message,
        action: change.action,
        ...(change.restoredFrom !== undefined ? { restoredFrom: change.restoredFrom } : {}),
        sha256: sha256(change.text),
      };
      if (!meta) await this.#createDocumentDirectory(id);
      await writeFileAtomic(versionFilePath(this.dir, id, version), change.text, { faults: this.#faults });
      const next: Meta = meta
        ? { ...meta, draft: version, versions: [...meta.versions, info] }
        : { format: META_FORMAT, id, draft: version, versions: [info], published: null, publications: [] };
      await this.#writeMeta(next);
      return { ok: true, version: info };
    });
  }

  publish(id: DocumentId, publication: Publication, expectedDraft: number): Promise<PublishResult> {
    return this.#locks.run(id, async () => {
      const meta = this.#usable(id);
      if (!meta) return { ok: false, reason: 'not-found' };
      if (meta.draft !== expectedDraft) return { ok: false, reason: 'stale', current: await this.#readDraft(meta) };
      if (
        meta.published &&
        meta.published.version === publication.version &&
        meta.published.hash === publication.hash
      ) {
        // A retry after a failed manifest write lands here; rewriting (a no-op when current) heals it.
        await this.#writeManifest();
        return { ok: true, publication: meta.published, unchanged: true };
      }

      // The hashed file first: the manifest must never name a file that is not there yet.
      await writeFileAtomic(path.join(publishedDir(this.dir), publication.file), publication.bytes, {
        faults: this.#faults,
      });
      const info: PublicationInfo = {
        version: publication.version,
        hash: publication.hash,
        file: publication.file,
        author: publication.author,
        time: new Date().toISOString(),
      };
      await this.#writeMeta({ ...meta, published: info, publications: [...meta.publications, info] });
      await this.#writeManifest();
      return { ok: true, publication: info, unchanged: false };
    });
  }

  publishFragments(files: readonly FragmentFile[], section: ManifestFragments): Promise<string[]> {
    return this.#locks.run(MANIFEST_LOCK, async () => {
      const written: string[] = [];
      await mkdir(path.join(publishedDir(this.dir), FRAGMENTS_FOLDER), { recursive: true });
      for (const file of files) {
        const target = path.join(publishedDir(this.dir), file.file);
        const current = await readIfPresent(target);
        if (current && contentHash(current) === file.hash) continue;
        // The files first: the manifest must never name a file that is not there yet.
        await writeFileAtomic(target, file.bytes, { faults: this.#faults });
        written.push(file.file);
      }
      this.#fragments = section;
      await this.#writeManifestUnlocked();
      return written;
    });
  }

  /**
   * Every hashed file is checked against the hash in its name as it is served: a missing or changed
   * one is rendered again from the version it was published from, and changed bytes are never served.
   */
  async readPublished(fileName: string): Promise<Uint8Array | undefined> {
    if (fileName === MANIFEST_FILE) {
      if (this.#manifestBytes) return this.#manifestBytes;
      const manifest = await readIfPresent(path.join(publishedDir(this.dir), MANIFEST_FILE));
      if (manifest) return (this.#manifestBytes ??= manifest);
      await this.#writeManifest();
      return this.#manifestBytes ?? readIfPresent(path.join(publishedDir(this.dir), MANIFEST_FILE));
    }
    if (parseFragmentFileName(fileName)) {
      // A fragment is rendered from the published documents and cannot be rebuilt from one version: changed bytes are simply not served.
      const bytes = await readIfPresent(path.join(publishedDir(this.dir), fileName));
      return bytes && contentHash(bytes) === parseFragmentFileName(fileName)!.hash ? bytes : undefined;
    }
    const name = parsePublishedFileName(fileName);
    if (!name) return undefined;
    const bytes = await readIfPresent(path.join(publishedDir(this.dir), fileName));
    if (bytes && contentHash(bytes) === name.hash) return bytes;
    const rebuilt = await this.#rebuildPublished(name.id, fileName);
    if (rebuilt) return rebuilt;
    if (!bytes) return undefined;
    throw new DocumentDamagedError({
      id: name.id,
      file: `published/${fileName}`,
      problem: 'does not match the hash in its name, and no version of the document renders to it',
      repair: `restore it from a backup, or publish ${name.id} again (${REPAIR_GUIDE})`,
    });
  }

  /** Calls `listener` after each change of the manifest: for caches of published documents kept outside the store. */
  onPublished(listener: () => void): () => void {
    this.#onPublished.add(listener);
    return () => this.#onPublished.delete(listener);
  }

  async health(): Promise<StoreHealth> {
    return { damaged: [...this.#damaged.values()], damagedChangeSets: [...this.#damagedChangeSets.values()] };
  }

  publishBatch(
    entries: readonly BatchEntry[],
    changeSet?: { next: ChangeSet; expectedRevision: number },
  ): Promise<BatchPublishResult> {
    const ids = entries.map((e) => e.id);
    if (new Set(ids).size !== ids.length)
      throw new Error(`publishBatch: a document is named twice (${ids.join(', ')})`);
    // Always in DOCUMENT_IDS order, then the record, then the manifest: two batches never wait on each other in a cycle.
    const keys = [
      ...DOCUMENT_IDS.filter((id) => ids.includes(id)),
      ...(changeSet ? [changeSetLock(changeSet.next.id)] : []),
      MANIFEST_LOCK,
    ];
    return this.#settleJournal().then(() =>
      this.#runLocked(keys, async (): Promise<BatchPublishResult> => {
        if (this.#pendingJournal)
          throw new Error(`an earlier batch publication is still being written (${JOURNAL_FILE}); try again`);
        const metas = new Map<DocumentId, Meta>();
        for (const entry of entries) {
          const meta = this.#usable(entry.id);
          if (!meta) return { ok: false, reason: 'not-found', id: entry.id };
          if (meta.draft !== entry.expectedDraft)
            return { ok: false, reason: 'stale', id: entry.id, current: await this.#readDraft(meta) };
          metas.set(entry.id, meta);
        }
        let record: ChangeSet | undefined;
        if (changeSet) {
          const current = this.#usableChangeSet(changeSet.next.id);
          if (!current) throw new Error(`publishBatch: change set ${changeSet.next.id} does not exist`);
          if (current.revision !== changeSet.expectedRevision)
            return { ok: false, reason: 'change-set-stale', current: structuredClone(current) };
          record = { ...structuredClone(changeSet.next), revision: changeSet.expectedRevision + 1 };
        }

        const time = new Date().toISOString();
        const publications: { id: DocumentId; publication: PublicationInfo; unchanged: boolean }[] = [];
        const changed: BatchJournal['publications'] = [];
        for (const { id, publication: p } of entries) {
          const meta = metas.get(id)!;
          if (meta.published && meta.published.version === p.version && meta.published.hash === p.hash) {
            publications.push({ id, publication: meta.published, unchanged: true });
            continue;
          }
          const info: PublicationInfo = {
            version: p.version,
            ...(p.changeSet !== undefined ? { changeSet: p.changeSet } : {}),
            ...(p.approvedBy !== undefined ? { approvedBy: p.approvedBy } : {}),
            hash: p.hash,
            file: p.file,
            author: p.author,
            time,
          };
          publications.push({ id, publication: info, unchanged: false });
          changed.push({ id, publication: info });
        }
        if (changed.length === 0 && !record) {
          // A retry after a failed manifest write lands here; rewriting (a no-op when current) heals it.
          await this.#writeManifestUnlocked();
          return { ok: true, publications };
        }

        // The hashed files first: the journal and the manifest must never name a file that is not there yet.
        // Side by side: their order does not matter, only that all are durable before the journal.
        await settleAll(
          entries
            .filter(({ id }) => changed.some((c) => c.id === id))
            .map(async ({ publication: p }) => {
              const target = path.join(publishedDir(this.dir), p.file);
              const present = await readIfPresent(target);
              if (!present || contentHash(present) !== p.hash)
                await writeFileAtomic(target, p.bytes, { faults: this.#faults });
            }),
        );
        const journal: BatchJournal = {
          format: JOURNAL_FORMAT,
          time,
          publications: changed,
          changeSet: record ?? null,
        };
        await writeFileAtomic(journalPath(this.dir), renderRecord(journal), { faults: this.#faults });
        // The commit point is passed. Memory switches whole, with no await in between, so no manifest is ever
        // rendered from half a batch; the writes below only catch the disk up, and an open finishes them.
        this.#pendingJournal = journal;
        for (const { id, publication } of changed) {
          const meta = metas.get(id)!;
          this.#metas.set(id, { ...meta, published: publication, publications: [...meta.publications, publication] });
        }
        if (record) this.#changeSets.set(record.id, record);
        await this.#applyJournal(journal);
        return { ok: true, publications };
      }),
    );
  }

  async listChangeSets(): Promise<ChangeSet[]> {
    return [...this.#changeSets.values()].sort(newestFirst).map((c) => structuredClone(c));
  }

  async readChangeSet(id: string): Promise<ChangeSet | undefined> {
    const record = this.#usableChangeSet(id);
    return record && structuredClone(record);
  }

  writeChangeSet(next: ChangeSet, expectedRevision: number | null): Promise<ChangeSetWriteResult> {
    if (!isChangeSetId(next.id)) throw new Error(`writeChangeSet: "${next.id}" is not a change set id`);
    // The record's lock, then the holds' lock (publishBatch takes the record's, never the holds'): one unpublished
    // set per document is checked against every record in memory and written before the next write looks.
    return this.#runLocked([changeSetLock(next.id), HOLDS_LOCK], async (): Promise<ChangeSetWriteResult> => {
      const current = this.#usableChangeSet(next.id);
      if (expectedRevision === null && current)
        return { ok: false, reason: 'stale', current: structuredClone(current) };
      if (expectedRevision !== null && !current) return { ok: false, reason: 'not-found' };
      if (current && current.revision !== expectedRevision)
        return { ok: false, reason: 'stale', current: structuredClone(current) };
      const held = heldElsewhere(newlyHeld(next, current), next.id, this.#changeSets.values());
      if (held) return { ok: false, reason: 'held', ...held };
      const record: ChangeSet = { ...structuredClone(next), revision: (expectedRevision ?? 0) + 1 };
      await this.#writeChangeSetRecord(record);
      this.#changeSets.set(record.id, record);
      return { ok: true, changeSet: structuredClone(record) };
    });
  }

  secret(name: SecretName): Promise<Buffer> {
    return this.#locks.run(secretLock(name), async () => {
      const known = this.#secrets.get(name);
      if (known) return Buffer.from(known);
      const file = secretPath(this.dir, name);
      const stored = await readIfPresent(file);
      let key: Buffer;
      if (stored && stored.length === SECRET_BYTES) key = Buffer.from(stored);
      else {
        // Missing, or damaged (an open reports that): a new key only invalidates links, it never lets one through.
        key = randomBytes(SECRET_BYTES);
        await this.#ensureFolder(secretsDir(this.dir), 0o700);
        await writeFileAtomic(file, key, { faults: this.#faults, mode: SECRET_MODE });
      }
      this.#secrets.set(name, key);
      return Buffer.from(key);
    });
  }

  /** Runs `task` holding every lock of `keys`, taken in the order given. */
  #runLocked<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const [first, ...rest] = keys;
    return first === undefined ? task() : this.#locks.run(first, () => this.#runLocked(rest, task));
  }

  /** Writes what a committed batch promised, from memory (at least as new as the journal), then drops the journal. Callers hold its locks. */
  async #applyJournal(journal: BatchJournal): Promise<void> {
    // Side by side: the journal already promises all of them, in any order.
    const record = journal.changeSet && this.#changeSets.get(journal.changeSet.id);
    await settleAll([
      ...journal.publications.map(async ({ id }) => {
        const meta = this.#metas.get(id);
        if (meta) await writeFileAtomic(metaPath(this.dir, id), renderMeta(meta), { faults: this.#faults });
      }),
      ...(record ? [this.#writeChangeSetRecord(record)] : []),
    ]);
    await this.#writeManifestUnlocked();
    await this.#removeJournal();
    if (this.#pendingJournal === journal) this.#pendingJournal = undefined;
  }

  /** Finishes the writes of a batch whose apply failed part-way (a full disk, say), before the next batch. */
  async #settleJournal(): Promise<void> {
    const pending = this.#pendingJournal;
    if (!pending) return;
    const ids = pending.publications.map((p) => p.id);
    const keys = [
      ...DOCUMENT_IDS.filter((id) => ids.includes(id)),
      ...(pending.changeSet ? [changeSetLock(pending.changeSet.id)] : []),
      MANIFEST_LOCK,
    ];
    await this.#runLocked(keys, async () => {
      if (this.#pendingJournal === pending) await this.#applyJournal(pending);
    });
  }

  async #removeJournal(): Promise<void> {
    await unlink(journalPath(this.dir)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await fsyncDirectory(this.dir);
  }

  async #writeChangeSetRecord(record: ChangeSet): Promise<void> {
    await this.#ensureFolder(changeSetsDir(this.dir));
    await writeFileAtomic(changeSetPath(this.dir, record.id), renderRecord(record), { faults: this.#faults });
  }

  /** Creates a folder of the store once, durably (its entry in the store directory is fsynced). */
  async #ensureFolder(folder: string, mode?: number): Promise<void> {
    const made = await mkdir(folder, { recursive: true, ...(mode !== undefined ? { mode } : {}) });
    if (made !== undefined) await fsyncDirectory(this.dir);
  }

  #usableChangeSet(id: string): ChangeSet | undefined {
    const damage = this.#damagedChangeSets.get(id);
    if (damage) throw new ChangeSetDamagedError(damage);
    return this.#changeSets.get(id);
  }

  /** Reads every record of changesets/ into memory; a record that cannot be read is reported and refused, never fatal. */
  async #loadChangeSets(findings: Finding[]): Promise<void> {
    const names = await readdir(changeSetsDir(this.dir)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    for (const name of names.sort()) {
      const id = parseChangeSetFileName(name);
      if (!id) continue;
      const file = `${path.basename(changeSetsDir(this.dir))}/${name}`;
      let problem: string;
      try {
        const parsed = parseChangeSet(await readFile(changeSetPath(this.dir, id), 'utf8'), id);
        if ('changeSet' in parsed) {
          this.#changeSets.set(id, parsed.changeSet);
          continue;
        }
        problem = parsed.problem;
      } catch (error) {
        problem = `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      }
      const repair = `restore it from a backup, or delete it to drop the change set (${REPAIR_GUIDE}); every other change set keeps working`;
      this.#damagedChangeSets.set(id, { id, file, problem, repair });
      findings.push({ file, problem, status: 'manual', action: repair });
    }
  }

  /** A key of the wrong size is replaced on first use; one that others can read is made private. */
  async #checkSecrets(findings: Finding[], repair: boolean): Promise<void> {
    for (const name of SECRET_NAMES) {
      const file = secretPath(this.dir, name);
      const rel = path.relative(this.dir, file);
      const info = await stat(file).catch(() => undefined);
      if (!info) continue;
      const bytes = await readFile(file);
      if (bytes.length !== SECRET_BYTES) {
        findings.push({
          file: rel,
          problem: `holds ${bytes.length} bytes, not ${SECRET_BYTES}`,
          status: repair ? 'repaired' : 'repairable',
          action: 'removed; a new random key is made on first use, and links signed with the old one stop working',
        });
        if (repair) await unlink(file);
        continue;
      }
      if ((info.mode & 0o077) !== 0) {
        const mode = (info.mode & 0o777).toString(8);
        findings.push({
          file: rel,
          problem: `can be read by other users (mode ${mode})`,
          status: repair ? 'repaired' : 'repairable',
          action: `made readable by the service's user only (mode ${SECRET_MODE.toString(8)})`,
        });
        if (repair) await chmod(file, SECRET_MODE);
      }
      this.#secrets.set(name, bytes);
    }
  }

  /**
   * A journal found at open is a batch that passed its commit point: every document's publication and the
   * change set record it names are applied (those already applied are left alone), and the caller rewrites
   * the manifest and removes the journal. Returns the journal it applied.
   */
  async #rollForwardJournal(findings: Finding[], repair: boolean): Promise<BatchJournal | undefined> {
    const bytes = await readIfPresent(journalPath(this.dir));
    if (!bytes) return undefined;
    const parsed = parseJournal(Buffer.from(bytes).toString('utf8'));
    if ('problem' in parsed) {
      findings.push({
        file: JOURNAL_FILE,
        problem: `${parsed.problem}: a batch publication was interrupted and cannot be rolled forward`,
        status: 'manual',
        action: `check that published/${MANIFEST_FILE} names the versions you expect, publish the change set again, then delete the file (${REPAIR_GUIDE})`,
      });
      return undefined;
    }
    const { journal } = parsed;
    const skipped: string[] = [];
    for (const { id, publication } of journal.publications) {
      const meta = this.#metas.get(id);
      if (!meta || publication.version > meta.versions.length) {
        skipped.push(id);
        continue;
      }
      const applied =
        meta.published?.file === publication.file ||
        meta.publications.some((p) => p.file === publication.file && p.time === publication.time);
      if (applied) continue;
      const next: Meta = { ...meta, published: publication, publications: [...meta.publications, publication] };
      if (repair) await writeFileAtomic(metaPath(this.dir, id), renderMeta(next), { faults: this.#faults });
      this.#metas.set(id, next);
    }
    const record = journal.changeSet;
    if (
      record &&
      !this.#damagedChangeSets.has(record.id) &&
      (this.#changeSets.get(record.id)?.revision ?? 0) < record.revision
    ) {
      if (repair) await this.#writeChangeSetRecord(record);
      this.#changeSets.set(record.id, record);
    }
    const ids = journal.publications.map((p) => p.id).join(', ');
    findings.push({
      file: JOURNAL_FILE,
      problem: `a batch publication of ${journal.publications.length} document(s) (${ids})${record ? ` from change set ${record.id}` : ''} was interrupted after its commit point`,
      status: repair ? 'repaired' : 'repairable',
      action:
        'rolled forward: the publication records, the change set record and the manifest switched to the whole batch',
    });
    if (skipped.length > 0)
      findings.push({
        file: JOURNAL_FILE,
        problem: `names publications of ${skipped.join(', ')}, which cannot take them (damaged or missing)`,
        status: 'manual',
        action: `repair those documents, then publish them again (${REPAIR_GUIDE})`,
      });
    return journal;
  }

  /** The document's record, undefined when the store holds none; raises when it is damaged. */
  #usable(id: DocumentId): Meta | undefined {
    const damage = this.#damaged.get(id);
    if (damage) throw new DocumentDamagedError(damage);
    return this.#metas.get(id);
  }

  async #rebuildPublished(id: DocumentId, fileName: string): Promise<Uint8Array | undefined> {
    const meta = this.#metas.get(id);
    const publication = meta?.publications.find((p) => p.file === fileName);
    if (!meta || !publication || this.#damaged.has(id)) return undefined;
    const source = await this.#readVersion(meta, publication.version);
    const rendered = source && renderStoredVersion(id, source.text)?.published;
    if (!rendered || rendered.hash !== publication.hash) return undefined;
    await writeFileAtomic(path.join(publishedDir(this.dir), fileName), rendered.bytes, { faults: this.#faults });
    return rendered.bytes;
  }

  async #readVersion(meta: Meta, which: VersionSelector): Promise<StoredVersion | undefined> {
    const number = which === 'draft' ? meta.draft : which === 'published' ? meta.published?.version : which;
    const info = number === undefined ? undefined : meta.versions[number - 1];
    if (!info) return undefined;
    const file = versionFilePath(this.dir, meta.id, info.version);
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (text === undefined || sha256(text) !== info.sha256) {
      // Changed under a running server: from now on the document is damaged, as it would be after a restart.
      const damage: DamagedDocument = {
        id: meta.id,
        file: path.relative(this.dir, file),
        problem:
          text === undefined ? 'is missing' : 'does not match the sha256 recorded in meta.json (changed or cut short)',
        repair: `restore it from a backup, then restart the service (${REPAIR_GUIDE})`,
      };
      this.#damaged.set(meta.id, damage);
      throw new DocumentDamagedError(damage);
    }
    return { ...info, id: meta.id, text };
  }

  async #readDraft(meta: Meta): Promise<StoredVersion> {
    return (await this.#readVersion(meta, 'draft'))!;
  }

  async #createDocumentDirectory(id: DocumentId): Promise<void> {
    await mkdir(path.join(this.dir, 'documents', id, 'versions'), { recursive: true });
    await fsyncDirectory(path.join(this.dir, 'documents'));
    await fsyncDirectory(path.join(this.dir, 'documents', id));
  }

  async #writeMeta(meta: Meta): Promise<void> {
    await writeFileAtomic(metaPath(this.dir, meta.id), renderMeta(meta), { faults: this.#faults });
    // Memory follows disk only after the write is durable, so a failed write changes nothing.
    this.#metas.set(meta.id, meta);
  }

  #manifestText(): string {
    const entries = DOCUMENT_IDS.flatMap((id): ManifestSource[] => {
      const published = this.#metas.get(id)?.published;
      if (published) return [{ id, hash: published.hash, file: published.file }];
      const kept = this.#keptEntries.get(id);
      return kept ? [kept] : [];
    });
    return renderManifest(entries, this.#fragments);
  }

  #writeManifest(): Promise<void> {
    return this.#locks.run(MANIFEST_LOCK, () => this.#writeManifestUnlocked());
  }

  async #writeManifestUnlocked(): Promise<void> {
    const text = this.#manifestText();
    const target = path.join(publishedDir(this.dir), MANIFEST_FILE);
    const current = await readFile(target, 'utf8').catch(() => undefined);
    if (current === text) {
      this.#manifestBytes = Buffer.from(text, 'utf8');
      return;
    }
    await writeFileAtomic(target, text, { faults: this.#faults });
    this.#manifestBytes = Buffer.from(text, 'utf8');
    for (const listener of this.#onPublished) listener();
  }
}

/** Waits for every write, then rejects with the first failure: no write is still running when the caller goes on. */
async function settleAll(writes: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(writes)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

function renderMeta(meta: Meta): string {
  return `${JSON.stringify(meta, null, 1)}\n`;
}

/** Newest first by creation time; ids break a tie so the order is stable. */
function newestFirst(a: ChangeSet, b: ChangeSet): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

function summarise(meta: Meta): DocumentSummary {
  return {
    id: meta.id,
    draft: meta.versions[meta.draft - 1]!,
    published: meta.published,
    versionCount: meta.versions.length,
  };
}

async function readIfPresent(file: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return undefined;
    throw error;
  }
}

/** The manifest's entries per document, its fragments section, and what is wrong with it when it cannot be read. */
async function readManifestEntries(dir: string): Promise<{
  text: string | undefined;
  entries: Map<DocumentId, ManifestEntry>;
  fragments?: ManifestFragments;
  problem?: string;
}> {
  const entries = new Map<DocumentId, ManifestEntry>();
  const bytes = await readIfPresent(path.join(publishedDir(dir), MANIFEST_FILE));
  if (!bytes) return { text: undefined, entries, problem: 'is missing' };
  const text = Buffer.from(bytes).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { text, entries, problem: 'is not valid JSON' };
  }
  const documents = (value as { documents?: unknown } | null)?.documents;
  if (!documents || typeof documents !== 'object') return { text, entries, problem: 'has no "documents" map' };
  for (const [id, entry] of Object.entries(documents)) {
    const { file, hash } = (entry ?? {}) as Partial<ManifestEntry>;
    const named = typeof file === 'string' ? parsePublishedFileName(file) : undefined;
    if (isDocumentId(id) && named?.id === id && named.hash === hash) entries.set(id, { file: file!, hash });
  }
  const fragments = readFragmentsSection((value as { fragments?: unknown }).fragments);
  return { text, entries, ...(fragments ? { fragments } : {}) };
}

/** The manifest's fragments section when every entry names the fragment file it should, by its own hash; undefined for anything else. */
function readFragmentsSection(value: unknown): ManifestFragments | undefined {
  const names = (v: unknown, slot: 'css' | 'header' | 'footer', locale?: string): v is ManifestEntry => {
    const { file, hash } = (v ?? {}) as Partial<ManifestEntry>;
    const parsed = typeof file === 'string' ? parseFragmentFileName(file) : undefined;
    return (
      !!parsed &&
      parsed.hash === hash &&
      parsed.part.slot === slot &&
      (parsed.part.slot === 'css' || parsed.part.locale === locale)
    );
  };
  const { css, locales } = (value ?? {}) as Partial<Record<'css' | 'locales', unknown>>;
  if (!names(css, 'css') || !locales || typeof locales !== 'object') return undefined;
  for (const [id, pair] of Object.entries(locales)) {
    const { header, footer } = (pair ?? {}) as Partial<Record<'header' | 'footer', unknown>>;
    if (!names(header, 'header', id) || !names(footer, 'footer', id)) return undefined;
  }
  return { css, locales: locales as ManifestFragments['locales'] };
}

async function fragmentsIntact(dir: string, section: ManifestFragments): Promise<boolean> {
  const entries = [
    section.css,
    ...Object.values(section.locales).flatMap((pair) => (pair ? [pair.header, pair.footer] : [])),
  ];
  for (const entry of entries) {
    const bytes = await readIfPresent(path.join(publishedDir(dir), entry.file));
    if (!bytes || contentHash(bytes) !== entry.hash) return false;
  }
  return true;
}

/** Every <id>.<hash>.json in published/, hashed once, per document. */
async function readPublishedFiles(dir: string): Promise<Map<DocumentId, PublishedFileState[]>> {
  const result = new Map<DocumentId, PublishedFileState[]>();
  const names = await readdir(publishedDir(dir)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  for (const name of names.sort()) {
    const parsed = parsePublishedFileName(name);
    if (!parsed) continue;
    const file = path.join(publishedDir(dir), name);
    const bytes = await readIfPresent(file);
    if (!bytes) continue;
    const state: PublishedFileState = {
      file: name,
      hash: parsed.hash,
      intact: contentHash(bytes) === parsed.hash,
      mtime: (await stat(file)).mtime,
    };
    result.set(parsed.id, [...(result.get(parsed.id) ?? []), state]);
  }
  return result;
}

/** Temp files anywhere under `dir`, relative to it; what sweepTempFiles would remove. */
/** The directory lock; a volume that refuses the write (read-only, full) is served unlocked, and says so. */
interface TakenLock {
  lock?: StoreLock;
  unavailable?: string;
}

async function takeLock(dir: string): Promise<TakenLock> {
  await mkdir(dir, { recursive: true });
  try {
    return { lock: await acquireStoreLock(dir) };
  } catch (error) {
    const failure = writeFailure(error);
    if (!failure) throw error;
    return {
      unavailable: `${LOCK_FILE} cannot be created (${(error as NodeJS.ErrnoException).code}): ${STORAGE_FAILURE_TEXT[failure].problem}`,
    };
  }
}

async function listTempFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.startsWith('.') && e.name.endsWith(TEMP_SUFFIX))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
