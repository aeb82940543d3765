/**
 * The DocumentStore on PostgreSQL, for running several instances of the service on one database
 * (docs/operations.md#postgresql). The tables are in migrations.ts.
 *
 * Every change is one transaction, and every compare-and-set happens inside it on a locked row: a save locks its
 * document's row (SELECT … FOR UPDATE) and checks the draft there, so of two instances saving over the same version
 * exactly one wins. A publication locks its documents' rows (in DOCUMENT_IDS order), then its change set's row,
 * then the manifest's row, renders the manifest with published-config.ts and stores it in the same transaction, so
 * a batch is atomic by construction and the manifest is byte for byte the file store's for the same publications.
 *
 * Each publishing transaction NOTIFYs the other instances (publish-listener.ts), which drop their cached manifest:
 * a customer's request for manifest.json costs no query while nothing is published. Published files never change
 * (their names carry their hash), so their bytes are cached without any invalidation. While the database cannot be
 * reached, calls reject with DatabaseUnavailableError, except that customers keep the manifest and files last served.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isChangeSetId, MANIFEST_FILE, type ChangeSet, type ManifestFragments } from '../../../schemas/contracts/index';
import { DOCUMENT_IDS, type DocumentId } from '../../../schemas/validator/index';
import { ChangeSetDamagedError, DocumentDamagedError, REPAIR_GUIDE } from '../document-damage';
import {
  contentHash,
  parseFragmentFileName,
  parsePublishedFileName,
  renderManifest,
  renderStoredVersion,
  type FragmentFile,
  type ManifestSource,
} from '../published-config';
import { sha256 } from '../store-layout';
import { changeSetRecordProblem, SECRET_BYTES, type SecretName } from '../workflow-layout';
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
} from '../store';
import { syncHolds, takeHolds } from './change-set-holds';
import { asDatabaseError, DatabaseUnavailableError, isConnectionError } from './database-errors';
import { migrate } from './migrate';
import { PUBLISHED_CHANNEL, PublishListener, TURNS_CHANNEL, type Channel } from './publish-listener';
import { PostgresWriteTurns } from './write-turns-postgres';
import type { WriteTurns } from '../write-turns';

export interface PostgresStoreOptions {
  connectionString: string;
  /** Connections in the pool, shared with the sessions and sign-in limits (`pool`); default 12. */
  maxConnections?: number;
  /** How long a call waits for a connection before it fails with DatabaseUnavailableError. */
  connectTimeoutMs?: number;
}

/** Published files' bytes kept in memory: far more than the documents × a few recent publications. */
const FILE_CACHE_ENTRIES = 512;
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** node-postgres's default of 10 for the documents, plus a couple for the sessions and limits that borrow the pool. */
const DEFAULT_CONNECTIONS = 12;

const VERSION_INFO_COLUMNS = 'v.version, v.sha256, v.author, v.time, v.message, v.action, v.restored_from';
const VERSION_COLUMNS = `${VERSION_INFO_COLUMNS}, v.text`;
const PUBLICATION_COLUMNS = 'p.version, p.change_set, p.approved_by, p.hash, p.file, p.author, p.time';
/** A published file is immutable; a row whose bytes no longer match its name's hash is the only one ever rewritten. */
const INSERT_FILE = `INSERT INTO published_files (file, hash, bytes) VALUES ($1, $2, $3)
  ON CONFLICT (file) DO UPDATE SET bytes = EXCLUDED.bytes
  WHERE left(encode(sha256(published_files.bytes), 'hex'), ${contentHash(Buffer.alloc(0)).length}) <> published_files.hash
  RETURNING file`;

interface ChangeSetRow {
  id: string;
  /** jsonb: whatever the row holds, checked before use (#checkChangeSet). */
  record: ChangeSet;
}

interface VersionRow {
  version: number;
  text: string;
  sha256: string;
  author: string;
  time: Date;
  message: string;
  action: VersionInfo['action'];
  restored_from: number | null;
}

interface PublicationRow {
  version: number;
  change_set: string | null;
  approved_by: string | null;
  hash: string;
  file: string;
  author: string;
  time: Date;
}

type Client = pg.PoolClient;

interface LockedDocument {
  draft: number;
  published: PublicationInfo | null;
}

export class PostgresStore implements DocumentStore {
  readonly #pool: pg.Pool;
  readonly #listener: PublishListener;
  /** Documents whose stored text does not match its sha256: their calls raise DocumentDamagedError. */
  readonly #damaged = new Map<DocumentId, DamagedDocument>();
  readonly #secrets = new Map<SecretName, Buffer>();
  readonly #damagedChangeSets = new Map<string, DamagedChangeSet>();
  readonly #files = new Map<string, Uint8Array>();
  readonly #onPublished = new Set<() => void>();
  #manifest: Uint8Array | undefined;
  /** The last manifest read from the database, served while it cannot be reached. */
  #lastManifest: Uint8Array | undefined;
  /** Bumped by every publication heard of; a manifest read while it moved is not cached. */
  #generation = 0;

  readonly #turns: PostgresWriteTurns;
  readonly #channelListeners = new Map<Channel, Set<(payload: string) => void>>();
  readonly #gapListeners = new Set<() => void>();

  private constructor(pool: pg.Pool, connectionString: string) {
    this.#pool = pool;
    this.#turns = new PostgresWriteTurns((sql, params) => this.#query(sql, params));
    this.#listener = new PublishListener(
      connectionString,
      (channel, payload) => {
        if (channel === PUBLISHED_CHANNEL) this.#published();
        else if (channel === TURNS_CHANNEL) this.#turns.wake(payload);
        for (const listener of this.#channelListeners.get(channel) ?? []) listener(payload);
      },
      () => {
        this.#published();
        for (const listener of this.#gapListeners) listener();
      },
    );
  }

  /**
   * Connects, applies the migrations the database lacks (safe when several instances start together: migrate.ts),
   * checks every stored text against its sha256, and starts listening for other instances' publications.
   */
  static async open(options: PostgresStoreOptions): Promise<PostgresStore> {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? DEFAULT_CONNECTIONS,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
    // An idle connection that breaks is dropped by the pool; without a handler its 'error' would end the process.
    pool.on('error', () => undefined);
    const store = new PostgresStore(pool, options.connectionString);
    try {
      const client = await pool.connect();
      const onError = () => undefined;
      client.on('error', onError);
      try {
        await migrate(client);
      } finally {
        client.off('error', onError);
        client.release();
      }
      await store.#scanDamage();
      await store.#listener.start();
    } catch (error) {
      await store.close();
      throw asDatabaseError(error);
    }
    return store;
  }

  /**
   * Calls `listener` with each notification on `channel` from any instance (this one included), and `onGap` when
   * some may have been missed (the listening connection was lost, or is back): for state kept beside the store, such
   * as presence (server/presence/presence-postgres.ts).
   */
  listen(channel: Channel, listener: (payload: string) => void, onGap: () => void): () => void {
    const listeners = this.#channelListeners.get(channel) ?? new Set();
    this.#channelListeners.set(channel, listeners);
    listeners.add(listener);
    this.#gapListeners.add(onGap);
    return () => {
      listeners.delete(listener);
      this.#gapListeners.delete(onGap);
    };
  }

  get turns(): WriteTurns {
    return this.#turns;
  }

  /**
   * The store's connections, lent to the instance's sessions and sign-in limits so an instance holds one pool
   * (docs/operations.md#several-instances). close() ends it: close the borrowers first.
   */
  get pool(): pg.Pool {
    return this.#pool;
  }

  /** Ends the listener and the pool; the store answers nothing afterwards. */
  async close(): Promise<void> {
    await this.#listener.close();
    await this.#pool.end().catch(() => undefined);
  }

  /**
   * Calls `listener` after any instance on the database published (and when a lost listening connection is back,
   * since publications may have been missed): for caches of published documents kept outside the store.
   */
  onPublished(listener: () => void): () => void {
    this.#onPublished.add(listener);
    return () => this.#onPublished.delete(listener);
  }

  async list(): Promise<DocumentSummary[]> {
    const rows = await this.#summaries(null);
    const byId = new Map(rows.map((s) => [s.id, s]));
    return DOCUMENT_IDS.flatMap((id) => {
      const summary = byId.get(id);
      return summary && !this.#damaged.has(id) ? [summary] : [];
    });
  }

  async summary(id: DocumentId): Promise<DocumentSummary | undefined> {
    this.#ensureUsable(id);
    return (await this.#summaries(id))[0];
  }

  async read(id: DocumentId, which: VersionSelector): Promise<StoredVersion | undefined> {
    this.#ensureUsable(id);
    return this.#readVersion(this.#pool, id, which);
  }

  async history(id: DocumentId): Promise<DocumentHistory | undefined> {
    this.#ensureUsable(id);
    return this.#transaction(async (c) => {
      const document = await c.query<{ draft: number }>('SELECT draft FROM documents WHERE id = $1', [id]);
      const draft = document.rows[0]?.draft;
      if (draft === undefined) return undefined;
      const versions = await c.query<VersionRow>(
        `SELECT ${VERSION_COLUMNS} FROM versions v WHERE v.document_id = $1 ORDER BY v.version`,
        [id],
      );
      const publications = await c.query<PublicationRow>(
        `SELECT ${PUBLICATION_COLUMNS} FROM publications p WHERE p.document_id = $1 ORDER BY p.seq`,
        [id],
      );
      return {
        id,
        draftVersion: draft,
        versions: versions.rows.map(versionInfo),
        publications: publications.rows.map(publicationInfo),
      };
    }, 'REPEATABLE READ');
  }

  async commitDraft(id: DocumentId, change: NewVersion, expectedDraft: number | null): Promise<CommitResult> {
    this.#ensureUsable(id);
    return this.#transaction(async (c): Promise<CommitResult> => {
      let version: number;
      if (expectedDraft === null) {
        // A concurrent create of the same id waits here for the other to commit, then inserts nothing.
        const created = await c.query(
          'INSERT INTO documents (id, draft) VALUES ($1, 1) ON CONFLICT (id) DO NOTHING RETURNING id',
          [id],
        );
        if (created.rowCount === 0)
          return { ok: false, reason: 'exists', current: (await this.#readVersion(c, id, 'draft'))! };
        version = 1;
      } else {
        // The compare-and-set: the row stays locked until commit, so no other instance can move the draft meanwhile.
        const locked = await c.query<{ draft: number }>('SELECT draft FROM documents WHERE id = $1 FOR UPDATE', [id]);
        const draft = locked.rows[0]?.draft;
        if (draft === undefined) return { ok: false, reason: 'not-found' };
        if (draft !== expectedDraft)
          return { ok: false, reason: 'stale', current: (await this.#readVersion(c, id, 'draft'))! };
        version = draft + 1;
        await c.query('UPDATE documents SET draft = $2 WHERE id = $1', [id, version]);
      }
      const info: VersionInfo = {
        version,
        author: change.author,
        time: new Date().toISOString(),
        message: change.message,
        action: change.action,
        ...(change.restoredFrom !== undefined ? { restoredFrom: change.restoredFrom } : {}),
        sha256: sha256(change.text),
      };
      await c.query(
        'INSERT INTO versions (document_id, version, text, sha256, author, time, message, action, restored_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
        [
          id,
          version,
          change.text,
          info.sha256,
          info.author,
          info.time,
          info.message,
          info.action,
          change.restoredFrom ?? null,
        ],
      );
      return { ok: true, version: info };
    });
  }

  async publish(id: DocumentId, publication: Publication, expectedDraft: number): Promise<PublishResult> {
    this.#ensureUsable(id);
    const result = await this.#transaction(async (c): Promise<PublishResult> => {
      const current = await this.#lockDocument(c, id);
      if (!current) return { ok: false, reason: 'not-found' };
      if (current.draft !== expectedDraft)
        return { ok: false, reason: 'stale', current: (await this.#readVersion(c, id, 'draft'))! };
      if (
        current.published &&
        current.published.version === publication.version &&
        current.published.hash === publication.hash
      )
        return { ok: true, publication: current.published, unchanged: true };
      const info = await this.#insertPublication(c, id, publication, new Date().toISOString());
      await this.#writeManifest(c);
      return { ok: true, publication: info, unchanged: false };
    });
    if (result.ok && !result.unchanged) this.#published();
    return result;
  }

  async publishFragments(files: readonly FragmentFile[], section: ManifestFragments): Promise<string[]> {
    const written = await this.#transaction(async (c) => {
      await c.query('SELECT 1 FROM manifest FOR UPDATE');
      const names: string[] = [];
      for (const file of files) {
        const inserted = await c.query(INSERT_FILE, [file.file, file.hash, Buffer.from(file.bytes)]);
        if ((inserted.rowCount ?? 0) > 0) names.push(file.file);
      }
      await c.query('UPDATE manifest SET fragments = $1', [JSON.stringify(section)]);
      await this.#writeManifest(c);
      return names;
    });
    this.#published();
    return written;
  }

  async readPublished(fileName: string): Promise<Uint8Array | undefined> {
    if (fileName === MANIFEST_FILE) return this.#readManifest();
    const cached = this.#files.get(fileName);
    if (cached) return cached;
    const fragment = parseFragmentFileName(fileName);
    const name = fragment ? undefined : parsePublishedFileName(fileName);
    if (!fragment && !name) return undefined;
    const row = (
      await this.#query<{ bytes: Buffer }>('SELECT bytes FROM published_files WHERE file = $1', [fileName])
    )[0];
    if (!row) return undefined;
    if (contentHash(row.bytes) === (fragment ?? name)!.hash) return this.#remember(fileName, row.bytes);
    // A fragment is rendered from every published document and cannot be rebuilt from one version: changed bytes are simply not served.
    if (fragment) return undefined;
    const rebuilt = await this.#rebuildPublished(name!.id, fileName, name!.hash);
    if (rebuilt) return this.#remember(fileName, rebuilt);
    throw new DocumentDamagedError({
      id: name!.id,
      file: `published_files/${fileName}`,
      problem: 'does not match the hash in its name, and no version of the document renders to it',
      repair: `restore the row from a backup, or publish ${name!.id} again (${REPAIR_GUIDE})`,
    });
  }

  async health(): Promise<StoreHealth> {
    const damaged = [...this.#damaged.values()];
    try {
      await this.#pool.query('SELECT 1');
      return { damaged, damagedChangeSets: [...this.#damagedChangeSets.values()], database: { state: 'ok' } };
    } catch (error) {
      const mapped = asDatabaseError(error);
      return {
        damaged,
        damagedChangeSets: [...this.#damagedChangeSets.values()],
        database: { state: 'down', error: mapped instanceof Error ? mapped.message : String(mapped) },
      };
    }
  }

  async publishBatch(
    entries: readonly BatchEntry[],
    changeSet?: { next: ChangeSet; expectedRevision: number },
  ): Promise<BatchPublishResult> {
    const ids = entries.map((e) => e.id);
    if (new Set(ids).size !== ids.length)
      throw new Error(`publishBatch: a document is named twice (${ids.join(', ')})`);
    for (const id of ids) this.#ensureUsable(id);
    const result = await this.#transaction(async (c): Promise<BatchPublishResult> => {
      // Rows locked in DOCUMENT_IDS order, then the record, then the manifest: two batches never wait on each other in a cycle.
      const locked = new Map<DocumentId, LockedDocument | undefined>();
      for (const id of DOCUMENT_IDS) if (ids.includes(id)) locked.set(id, await this.#lockDocument(c, id));
      for (const entry of entries) {
        const current = locked.get(entry.id);
        if (!current) return { ok: false, reason: 'not-found', id: entry.id };
        if (current.draft !== entry.expectedDraft)
          return {
            ok: false,
            reason: 'stale',
            id: entry.id,
            current: (await this.#readVersion(c, entry.id, 'draft'))!,
          };
      }
      let record: ChangeSet | undefined;
      if (changeSet) {
        const current = await this.#lockChangeSet(c, changeSet.next.id);
        if (!current) throw new Error(`publishBatch: change set ${changeSet.next.id} does not exist`);
        if (current.revision !== changeSet.expectedRevision) return { ok: false, reason: 'change-set-stale', current };
        record = { ...structuredClone(changeSet.next), revision: changeSet.expectedRevision + 1 };
      }

      const time = new Date().toISOString();
      const publications: { id: DocumentId; publication: PublicationInfo; unchanged: boolean }[] = [];
      let changed = 0;
      for (const { id, publication } of entries) {
        const published = locked.get(id)!.published;
        if (published && published.version === publication.version && published.hash === publication.hash) {
          publications.push({ id, publication: published, unchanged: true });
          continue;
        }
        publications.push({
          id,
          publication: await this.#insertPublication(c, id, publication, time),
          unchanged: false,
        });
        changed++;
      }
      if (record) {
        await c.query('UPDATE change_sets SET revision = $2, created_at = $3, record = $4 WHERE id = $1', [
          record.id,
          record.revision,
          record.createdAt,
          JSON.stringify(record),
        ]);
        // Published, it lets go of its documents in the same commit.
        await syncHolds(c, record);
      }
      if (changed > 0) await this.#writeManifest(c);
      return { ok: true, publications };
    });
    if (result.ok && result.publications.some((p) => !p.unchanged)) this.#published();
    return result;
  }

  async listChangeSets(): Promise<ChangeSet[]> {
    // Newest first by creation time, ids breaking a tie; "C" compares code points, as the file store's sort does for these ASCII values.
    const rows = await this.#query<ChangeSetRow>(
      'SELECT id, record FROM change_sets ORDER BY created_at COLLATE "C" DESC, id COLLATE "C" DESC',
    );
    // A damaged record is left out and reported (health), as the file store does; the others are listed.
    return rows.flatMap((row) => (this.#checkChangeSet(row) ? [row.record] : []));
  }

  async readChangeSet(id: string): Promise<ChangeSet | undefined> {
    const row = (await this.#query<ChangeSetRow>('SELECT id, record FROM change_sets WHERE id = $1', [id]))[0];
    return row && this.#usableChangeSet(row);
  }

  async writeChangeSet(next: ChangeSet, expectedRevision: number | null): Promise<ChangeSetWriteResult> {
    if (!isChangeSetId(next.id)) throw new Error(`writeChangeSet: "${next.id}" is not a change set id`);
    const record: ChangeSet = { ...structuredClone(next), revision: (expectedRevision ?? 0) + 1 };
    const values = [record.id, record.revision, record.createdAt, JSON.stringify(record)];
    return this.#transaction(async (c): Promise<ChangeSetWriteResult> => {
      let current: ChangeSet | undefined;
      if (expectedRevision === null) {
        const inserted = await c.query(
          'INSERT INTO change_sets (id, revision, created_at, record) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id',
          values,
        );
        if (inserted.rowCount === 0)
          return { ok: false, reason: 'stale', current: (await this.#lockChangeSet(c, next.id))! };
      } else {
        // A damaged record is never written over (#lockChangeSet throws): a person decides (restore it, or delete it).
        current = await this.#lockChangeSet(c, next.id);
        if (!current) return { ok: false, reason: 'not-found' };
        if (current.revision !== expectedRevision) return { ok: false, reason: 'stale', current };
        await c.query('UPDATE change_sets SET revision = $2, created_at = $3, record = $4 WHERE id = $1', values);
      }
      const held = await takeHolds(c, record, current);
      // Thrown, so the transaction rolls back what it wrote above.
      if (held) throw new HeldRefusal({ ok: false, reason: 'held', ...held });
      return { ok: true, changeSet: record };
    }).catch((error: unknown) => {
      if (error instanceof HeldRefusal) return error.result;
      throw error;
    });
  }

  /** A change set's row locked until commit; undefined when there is none; a damaged record throws ChangeSetDamagedError. */
  async #lockChangeSet(c: Client, id: string): Promise<ChangeSet | undefined> {
    const row = (await c.query<ChangeSetRow>('SELECT id, record FROM change_sets WHERE id = $1 FOR UPDATE', [id]))
      .rows[0];
    return row && this.#usableChangeSet(row);
  }

  async secret(name: SecretName): Promise<Buffer> {
    const known = this.#secrets.get(name);
    if (known) return Buffer.from(known);
    // Whichever instance inserts first makes the key; every other one reads that one.
    await this.#query('INSERT INTO secrets (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      randomBytes(SECRET_BYTES),
    ]);
    const key = (await this.#query<{ key: Buffer }>('SELECT key FROM secrets WHERE name = $1', [name]))[0]!.key;
    this.#secrets.set(name, key);
    return Buffer.from(key);
  }

  /** A document's row locked until commit, with its current publication; undefined when there is none. */
  async #lockDocument(c: Client, id: DocumentId): Promise<LockedDocument | undefined> {
    const locked = await c.query<{ draft: number; published: string | null }>(
      'SELECT draft, published FROM documents WHERE id = $1 FOR UPDATE',
      [id],
    );
    const row = locked.rows[0];
    if (!row) return undefined;
    if (row.published === null) return { draft: row.draft, published: null };
    const publication = await c.query<PublicationRow>(
      `SELECT ${PUBLICATION_COLUMNS} FROM publications p WHERE p.seq = $1`,
      [row.published],
    );
    return { draft: row.draft, published: publicationInfo(publication.rows[0]!) };
  }

  /** Stores the file (unless there), appends the publication and points the document at it. */
  async #insertPublication(
    c: Client,
    id: DocumentId,
    publication: Publication,
    time: string,
  ): Promise<PublicationInfo> {
    await c.query(INSERT_FILE, [publication.file, publication.hash, Buffer.from(publication.bytes)]);
    const inserted = await c.query<{ seq: string }>(
      'INSERT INTO publications (document_id, version, change_set, approved_by, hash, file, author, time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING seq',
      [
        id,
        publication.version,
        publication.changeSet ?? null,
        publication.approvedBy ?? null,
        publication.hash,
        publication.file,
        publication.author,
        time,
      ],
    );
    await c.query('UPDATE documents SET published = $2 WHERE id = $1', [id, inserted.rows[0]!.seq]);
    return {
      version: publication.version,
      ...(publication.changeSet !== undefined ? { changeSet: publication.changeSet } : {}),
      ...(publication.approvedBy !== undefined ? { approvedBy: publication.approvedBy } : {}),
      hash: publication.hash,
      file: publication.file,
      author: publication.author,
      time,
    };
  }

  /**
   * Renders the manifest from the publications as this transaction sees them, once it holds the manifest's row:
   * any publication that committed before is then visible, so the last to commit always writes the whole truth.
   * The NOTIFY goes out with the commit.
   */
  async #writeManifest(c: Client): Promise<void> {
    const { rows } = await c.query<{ fragments: ManifestFragments | null }>(
      'SELECT fragments FROM manifest FOR UPDATE',
    );
    const entries = await c.query<ManifestSource>(
      'SELECT d.id, p.hash, p.file FROM documents d JOIN publications p ON p.seq = d.published',
    );
    await c.query('UPDATE manifest SET text = $1', [renderManifest(entries.rows, rows[0]?.fragments ?? undefined)]);
    await c.query('SELECT pg_notify($1, $2)', [PUBLISHED_CHANNEL, '']);
  }

  async #readManifest(): Promise<Uint8Array> {
    const cached = this.#manifest;
    if (cached && this.#listener.listening) return cached;
    const generation = this.#generation;
    let row: { text: string | null } | undefined;
    try {
      row = (await this.#query<{ text: string | null }>('SELECT text FROM manifest'))[0];
    } catch (error) {
      // While the database is away, customers keep the last manifest this instance served (docs/operations.md#postgresql).
      if (error instanceof DatabaseUnavailableError && this.#lastManifest) return this.#lastManifest;
      throw error;
    }
    const bytes = Buffer.from(row?.text ?? renderManifest([]), 'utf8');
    this.#lastManifest = bytes;
    // Cached only when no publication was heard of while the query ran, and one would be heard of now.
    if (generation === this.#generation && this.#listener.listening) this.#manifest = bytes;
    return bytes;
  }

  #published(): void {
    this.#generation++;
    this.#manifest = undefined;
    for (const listener of this.#onPublished) listener();
  }

  #remember(fileName: string, bytes: Uint8Array): Uint8Array {
    if (this.#files.size >= FILE_CACHE_ENTRIES) this.#files.delete(this.#files.keys().next().value!);
    this.#files.set(fileName, bytes);
    return bytes;
  }

  /** A published file whose stored bytes changed, rendered again from the version it was published from. */
  async #rebuildPublished(id: DocumentId, fileName: string, hash: string): Promise<Uint8Array | undefined> {
    const version = (
      await this.#query<{ version: number }>(
        'SELECT version FROM publications WHERE document_id = $1 AND file = $2 ORDER BY seq DESC LIMIT 1',
        [id, fileName],
      )
    )[0]?.version;
    if (version === undefined || this.#damaged.has(id)) return undefined;
    const source = await this.#readVersion(this.#pool, id, version);
    const rendered = source && renderStoredVersion(id, source.text)?.published;
    if (!rendered || rendered.hash !== hash) return undefined;
    await this.#query('UPDATE published_files SET bytes = $2 WHERE file = $1', [fileName, Buffer.from(rendered.bytes)]);
    return rendered.bytes;
  }

  async #summaries(id: DocumentId | null): Promise<DocumentSummary[]> {
    const rows = await this.#query<
      Omit<VersionRow, 'text'> & { id: DocumentId; version_count: number } & {
        [K in keyof PublicationRow as `p_${K}`]: PublicationRow[K] | null;
      }
    >(
      `SELECT d.id, (SELECT count(*)::int FROM versions c WHERE c.document_id = d.id) AS version_count, ${VERSION_INFO_COLUMNS},
         p.version AS p_version, p.change_set AS p_change_set, p.approved_by AS p_approved_by, p.hash AS p_hash, p.file AS p_file, p.author AS p_author, p.time AS p_time
       FROM documents d
       JOIN versions v ON v.document_id = d.id AND v.version = d.draft
       LEFT JOIN publications p ON p.seq = d.published
       WHERE $1::text IS NULL OR d.id = $1`,
      [id],
    );
    return rows.map((row) => ({
      id: row.id,
      draft: versionInfo(row),
      published:
        row.p_version === null
          ? null
          : publicationInfo({
              version: row.p_version,
              change_set: row.p_change_set,
              approved_by: row.p_approved_by,
              hash: row.p_hash!,
              file: row.p_file!,
              author: row.p_author!,
              time: row.p_time!,
            }),
      versionCount: row.version_count,
    }));
  }

  async #readVersion(on: pg.Pool | Client, id: DocumentId, which: VersionSelector): Promise<StoredVersion | undefined> {
    const sql =
      which === 'draft'
        ? `SELECT ${VERSION_COLUMNS} FROM documents d JOIN versions v ON v.document_id = d.id AND v.version = d.draft WHERE d.id = $1`
        : which === 'published'
          ? `SELECT ${VERSION_COLUMNS} FROM documents d JOIN publications p ON p.seq = d.published JOIN versions v ON v.document_id = d.id AND v.version = p.version WHERE d.id = $1`
          : `SELECT ${VERSION_COLUMNS} FROM versions v WHERE v.document_id = $1 AND v.version = $2`;
    const params = typeof which === 'number' ? [id, which] : [id];
    let row: VersionRow | undefined;
    try {
      row = (await on.query<VersionRow>(sql, params)).rows[0];
    } catch (error) {
      throw asDatabaseError(error);
    }
    if (!row) return undefined;
    if (sha256(row.text) !== row.sha256) throw this.#markDamaged(id, row.version);
    return { ...versionInfo(row), id, text: row.text };
  }

  /** Every stored text checked against its sha256 once, at open; reads check again as they go. */
  async #scanDamage(): Promise<void> {
    const rows = await this.#query<{ document_id: DocumentId; version: number }>(
      `SELECT document_id, min(version) AS version FROM versions WHERE encode(sha256(convert_to(text, 'UTF8')), 'hex') <> sha256 GROUP BY document_id`,
    );
    for (const row of rows) this.#markDamaged(row.document_id, row.version);
    for (const row of await this.#query<ChangeSetRow>('SELECT id, record FROM change_sets')) this.#checkChangeSet(row);
  }

  /**
   * Whether a change set row holds a usable record, as the file store's parseChangeSet decides for a file (someone
   * edited it with SQL, or restored a bad dump). The answer is kept for health(): a row put right counts again.
   */
  #checkChangeSet(row: ChangeSetRow): boolean {
    const problem = changeSetRecordProblem(row.record, row.id);
    if (!problem) {
      this.#damagedChangeSets.delete(row.id);
      return true;
    }
    this.#damagedChangeSets.set(row.id, {
      id: row.id,
      file: `change_sets/${row.id}`,
      problem,
      repair: `restore the row from a backup, or delete it to drop the change set (${REPAIR_GUIDE}); every other change set keeps working`,
    });
    return false;
  }

  #usableChangeSet(row: ChangeSetRow): ChangeSet {
    if (this.#checkChangeSet(row)) return row.record;
    throw new ChangeSetDamagedError(this.#damagedChangeSets.get(row.id)!);
  }

  #markDamaged(id: DocumentId, version: number): DocumentDamagedError {
    const damage: DamagedDocument = {
      id,
      file: `versions/${id}/${version}`,
      problem: 'does not match the sha256 recorded with it (changed in the database)',
      repair: `restore the row from a backup, then restart the service (${REPAIR_GUIDE})`,
    };
    if (!this.#damaged.has(id)) this.#damaged.set(id, damage);
    return new DocumentDamagedError(this.#damaged.get(id)!);
  }

  #ensureUsable(id: DocumentId): void {
    const damage = this.#damaged.get(id);
    if (damage) throw new DocumentDamagedError(damage);
  }

  async #query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
    try {
      return (await this.#pool.query<R>(sql, params)).rows;
    } catch (error) {
      throw asDatabaseError(error);
    }
  }

  /** Runs `task` in one transaction; a broken connection is thrown away, never returned to the pool. */
  async #transaction<T>(
    task: (c: Client) => Promise<T>,
    isolation: 'READ COMMITTED' | 'REPEATABLE READ' = 'READ COMMITTED',
  ): Promise<T> {
    let client: Client;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw asDatabaseError(error);
    }
    let broken: Error | undefined;
    // A checked-out client has no listener of the pool's: a connection that drops (the database restarts) would
    // emit an unhandled 'error' and end the process, as it did in the bench's database restart. The query that
    // was running fails by itself; the client is thrown away below.
    const onError = (error: Error) => (broken = error);
    client.on('error', onError);
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
      const result = await task(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (isConnectionError(error)) broken = error instanceof Error ? error : new Error(String(error));
      else await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw asDatabaseError(error);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }
}

/** A write refused for a document another set holds, thrown to roll its transaction back and caught in writeChangeSet. */
class HeldRefusal extends Error {
  constructor(readonly result: Extract<ChangeSetWriteResult, { reason: 'held' }>) {
    super(`${result.document} is held by change set ${result.holder.id}`);
  }
}

function versionInfo(row: Omit<VersionRow, 'text'>): VersionInfo {
  return {
    version: row.version,
    author: row.author,
    time: row.time.toISOString(),
    message: row.message,
    action: row.action,
    ...(row.restored_from !== null ? { restoredFrom: row.restored_from } : {}),
    sha256: row.sha256,
  };
}

function publicationInfo(row: PublicationRow): PublicationInfo {
  return {
    version: row.version,
    ...(row.change_set !== null ? { changeSet: row.change_set } : {}),
    ...(row.approved_by !== null ? { approvedBy: row.approved_by } : {}),
    hash: row.hash,
    file: row.file,
    author: row.author,
    time: row.time.toISOString(),
  };
}
