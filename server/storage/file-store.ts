/**
 * The embedded store: one directory of JSON files per CONFIG_DIR.
 *
 *   documents/<id>/meta.json              draft pointer, history entries, publications (the commit point)
 *   documents/<id>/versions/000007.json   the text of version 7, byte for byte as saved, never rewritten
 *   published/<id>.<hash>.json            immutable published files
 *   published/manifest.json               the current published file per document
 *
 * A save writes the version file, then meta.json. Both writes are atomic (atomic-write.ts), and
 * meta.json is the commit point: a crash between the two leaves an orphan version file that no
 * meta refers to, which the next save of that document overwrites. Metas are kept in memory, so
 * one process must own a CONFIG_DIR.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_IDS, type DocumentId } from '../../schemas/validator/index';
import { MANIFEST_FILE, parsePublishedFileName, renderManifest } from '../publish/published-config';
import { fsyncDirectory, sweepTempFiles, writeFileAtomic, type WriteFaults } from './atomic-write';
import { KeyedMutex } from './keyed-mutex';
import type {
  CommitResult,
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

const META_FORMAT = 1;
const MANIFEST_LOCK = '\0manifest';

interface Meta {
  format: typeof META_FORMAT;
  id: DocumentId;
  draft: number;
  versions: VersionInfo[];
  published: PublicationInfo | null;
  publications: PublicationInfo[];
}

export interface FileStoreOptions {
  dir: string;
  /** Test seam for injected write failures; see WriteFaults. */
  faults?: WriteFaults;
}

export interface FileStoreRecovery {
  /** Temp files a crashed process left behind, removed at open. */
  tempFilesRemoved: number;
}

/** Where version `version` of `id` lives; exported for tests and the crash bench. */
export function versionFilePath(dir: string, id: DocumentId, version: number): string {
  return path.join(dir, 'documents', id, 'versions', `${String(version).padStart(6, '0')}.json`);
}

export function publishedDir(dir: string): string {
  return path.join(dir, 'published');
}

export class FileStore implements DocumentStore {
  readonly dir: string;
  readonly #faults: WriteFaults | undefined;
  readonly #metas = new Map<DocumentId, Meta>();
  readonly #locks = new KeyedMutex();

  private constructor(options: FileStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.#faults = options.faults;
  }

  /** Opens (creating if needed) the store, removes crash leftovers and re-derives the manifest. */
  static async open(options: FileStoreOptions): Promise<{ store: FileStore; recovery: FileStoreRecovery }> {
    const store = new FileStore(options);
    await mkdir(path.join(store.dir, 'documents'), { recursive: true });
    await mkdir(publishedDir(store.dir), { recursive: true });
    const tempFilesRemoved = await sweepTempFiles(store.dir);
    // Only known ids are looked up, so no other name in the directory is ever parsed or trusted.
    for (const id of DOCUMENT_IDS) {
      const meta = await store.#readMeta(id);
      if (meta) store.#metas.set(id, meta);
    }
    // A crash between a publication's meta write and its manifest write leaves a stale manifest.
    await store.#writeManifest();
    return { store, recovery: { tempFilesRemoved } };
  }

  async list(): Promise<DocumentSummary[]> {
    return DOCUMENT_IDS.flatMap((id) => {
      const meta = this.#metas.get(id);
      return meta ? [summarise(meta)] : [];
    });
  }

  async summary(id: DocumentId): Promise<DocumentSummary | undefined> {
    const meta = this.#metas.get(id);
    return meta && summarise(meta);
  }

  async read(id: DocumentId, which: VersionSelector): Promise<StoredVersion | undefined> {
    const meta = this.#metas.get(id);
    return meta && this.#readVersion(meta, which);
  }

  async history(id: DocumentId): Promise<DocumentHistory | undefined> {
    const meta = this.#metas.get(id);
    if (!meta) return undefined;
    return { id, draftVersion: meta.draft, versions: [...meta.versions], publications: [...meta.publications] };
  }

  commitDraft(id: DocumentId, change: NewVersion, expectedDraft: number | null): Promise<CommitResult> {
    return this.#locks.run(id, async () => {
      const meta = this.#metas.get(id);
      if (expectedDraft === null && meta) return { ok: false, reason: 'exists', current: await this.#readDraft(meta) };
      if (expectedDraft !== null && !meta) return { ok: false, reason: 'not-found' };
      if (meta && meta.draft !== expectedDraft) return { ok: false, reason: 'stale', current: await this.#readDraft(meta) };

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
      const meta = this.#metas.get(id);
      if (!meta) return { ok: false, reason: 'not-found' };
      if (meta.draft !== expectedDraft) return { ok: false, reason: 'stale', current: await this.#readDraft(meta) };
      if (meta.published && meta.published.version === publication.version && meta.published.hash === publication.hash) {
        // A retry after a failed manifest write lands here; rewriting (a no-op when current) heals it.
        await this.#writeManifest();
        return { ok: true, publication: meta.published, unchanged: true };
      }

      // The hashed file first: the manifest must never name a file that is not there yet.
      await writeFileAtomic(path.join(publishedDir(this.dir), publication.file), publication.bytes, { faults: this.#faults });
      const info: PublicationInfo = { version: publication.version, hash: publication.hash, file: publication.file, author: publication.author, time: new Date().toISOString() };
      await this.#writeMeta({ ...meta, published: info, publications: [...meta.publications, info] });
      await this.#writeManifest();
      return { ok: true, publication: info, unchanged: false };
    });
  }

  async readPublished(fileName: string): Promise<Uint8Array | undefined> {
    if (fileName !== MANIFEST_FILE && !parsePublishedFileName(fileName)) return undefined;
    try {
      return await readFile(path.join(publishedDir(this.dir), fileName));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async health(): Promise<StoreHealth> {
    return { damaged: [] };
  }

  async #readVersion(meta: Meta, which: VersionSelector): Promise<StoredVersion | undefined> {
    const number = which === 'draft' ? meta.draft : which === 'published' ? meta.published?.version : which;
    const info = number === undefined ? undefined : meta.versions[number - 1];
    if (!info) return undefined;
    const text = await readFile(versionFilePath(this.dir, meta.id, info.version), 'utf8');
    if (sha256(text) !== info.sha256) throw new Error(`store corrupted: ${meta.id} version ${info.version} does not match its recorded sha256`);
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
    await writeFileAtomic(metaPath(this.dir, meta.id), `${JSON.stringify(meta, null, 1)}\n`, { faults: this.#faults });
    // Memory follows disk only after the write is durable, so a failed write changes nothing.
    this.#metas.set(meta.id, meta);
  }

  async #readMeta(id: DocumentId): Promise<Meta | undefined> {
    let text: string;
    try {
      text = await readFile(metaPath(this.dir, id), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const meta = JSON.parse(text) as Meta;
    const consistent = meta.format === META_FORMAT && meta.id === id && meta.versions.length === meta.draft && meta.versions.every((v, i) => v.version === i + 1);
    if (!consistent) throw new Error(`store corrupted: ${metaPath(this.dir, id)} is not a consistent document record`);
    return meta;
  }

  #writeManifest(): Promise<void> {
    return this.#locks.run(MANIFEST_LOCK, async () => {
      const entries = [...this.#metas.values()].flatMap((m) => (m.published ? [{ id: m.id, hash: m.published.hash, file: m.published.file }] : []));
      const text = renderManifest(entries);
      const target = path.join(publishedDir(this.dir), MANIFEST_FILE);
      const current = await readFile(target, 'utf8').catch(() => undefined);
      if (current !== text) await writeFileAtomic(target, text, { faults: this.#faults });
    });
  }
}

function metaPath(dir: string, id: DocumentId): string {
  return path.join(dir, 'documents', id, 'meta.json');
}

function summarise(meta: Meta): DocumentSummary {
  return { id: meta.id, draft: meta.versions[meta.draft - 1]!, published: meta.published, versionCount: meta.versions.length };
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
