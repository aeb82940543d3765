/**
 * Copies a file store into the Postgres store's tables (`npm run store:migrate`, docs/operations.md#migrating-from-the-file-store).
 *
 * The file store is only read: versions through FileStore (which checks each text against its sha256), published
 * files, the manifest and the secret straight from disk, since the store's own readPublished and secret would write
 * a missing one. Each document is copied in one transaction holding its row, so a run cut short leaves every
 * document either as it was or wholly copied, and a second run picks up where it stopped:
 *
 *   - the database lacks the document: every version and publication is copied;
 *   - the database holds a prefix of it (same versions by number and sha256, same publications by version, hash and
 *     file): the missing ones are appended, and the draft and publication pointers moved to the file store's;
 *   - anything else (a version that differs, more versions or publications than the file store has): refused,
 *     nothing written for it. The same holds for change sets by revision, and the share-links key.
 *
 * The manifest is copied last, and only when the database's publications name exactly the files the file store's
 * manifest does: it is derived from them (published-config.ts), so a copy over diverged publications would lie.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { MANIFEST_FILE, type ChangeSet, type ManifestFragments } from '../../../schemas/contracts/index';
import { DOCUMENT_IDS, type DocumentId } from '../../../schemas/validator/index';
import type { FileStore } from '../file-store';
import {
  contentHash,
  parseFragmentFileName,
  renderManifest,
  renderStoredVersion,
  type ManifestSource,
} from '../published-config';
import type { DocumentHistory, PublicationInfo } from '../store';
import { publishedDir } from '../store-layout';
import { SECRET_BYTES, SECRET_NAMES, secretPath } from '../workflow-layout';
import { syncHolds } from './change-set-holds';
import { PUBLISHED_CHANNEL } from './publish-listener';

export type ImportOutcome = 'copied' | 'up-to-date' | 'refused' | 'absent';

export interface ImportItem {
  /** A document id, a change set id, `manifest`, `sessions` or `secret share-links`. */
  subject: string;
  outcome: ImportOutcome;
  /** One line for the report, e.g. `de-DE: 7 versions, 2 publications copied`. */
  line: string;
}

export interface ImportReport {
  items: ImportItem[];
  /** The items and a total line. */
  lines: string[];
  /** 0 when everything was copied or already there; 1 when something was refused. */
  exitCode: 0 | 1;
}

/** Thrown inside a document's transaction to roll it back with the reason the report gives. */
class Refused extends Error {}

/** A copy of something kept beside the store's records (the sessions: server/auth/session-import.ts). */
export type ExtraImport = (client: pg.ClientBase, dir: string) => Promise<ImportItem>;

/**
 * Copies `source` (opened with repair: false) into the database `client` is connected to; the schema must be migrated.
 * `more` copies what lives beside the records, reported with them.
 */
export async function importFileStore(
  source: FileStore,
  client: pg.ClientBase,
  more: readonly ExtraImport[] = [],
): Promise<ImportReport> {
  const items: ImportItem[] = [];
  for (const summary of await source.list()) items.push(await importDocument(source, client, summary.id));
  for (const changeSet of [...(await source.listChangeSets())].reverse())
    items.push(await importChangeSet(client, changeSet));
  for (const name of SECRET_NAMES) items.push(await importSecret(client, source.dir, name));
  for (const copy of more) items.push(await copy(client, source.dir));
  const documentsRefused = items.some(
    (i) => i.outcome === 'refused' && (DOCUMENT_IDS as readonly string[]).includes(i.subject),
  );
  items.push(await importManifest(client, source.dir, documentsRefused));
  return {
    items,
    lines: [...items.map((i) => i.line), total(items)],
    exitCode: items.some((i) => i.outcome === 'refused') ? 1 : 0,
  };
}

async function importDocument(source: FileStore, client: pg.ClientBase, id: DocumentId): Promise<ImportItem> {
  const history = (await source.history(id))!;
  try {
    const copied = await transaction(client, () => copyDocument(source, client, history));
    if (copied.versions === 0 && copied.publications === 0 && !copied.moved)
      return { subject: id, outcome: 'up-to-date', line: `${id}: up to date` };
    if (copied.versions === 0 && copied.publications === 0)
      return { subject: id, outcome: 'copied', line: `${id}: draft and current publication set as in the file store` };
    const already =
      copied.hadVersions > 0
        ? ` (the database had ${count(copied.hadVersions, 'version')}, ${count(copied.hadPublications, 'publication')})`
        : '';
    return {
      subject: id,
      outcome: 'copied',
      line: `${id}: ${count(copied.versions, 'version')}, ${count(copied.publications, 'publication')} copied${already}`,
    };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { subject: id, outcome: 'refused', line: `${id}: refused, nothing written for it: ${error.message}` };
  }
}

interface DocumentCopy {
  versions: number;
  publications: number;
  hadVersions: number;
  hadPublications: number;
  /** The draft or publication pointer was moved without anything appended. */
  moved: boolean;
}

async function copyDocument(source: FileStore, client: pg.ClientBase, history: DocumentHistory): Promise<DocumentCopy> {
  const { id } = history;
  const row = (
    await client.query<{ draft: number; published: string | null }>(
      'SELECT draft, published FROM documents WHERE id = $1 FOR UPDATE',
      [id],
    )
  ).rows[0];
  const dbVersions = (
    await client.query<{ version: number; sha256: string }>(
      'SELECT version, sha256 FROM versions WHERE document_id = $1 ORDER BY version',
      [id],
    )
  ).rows;
  const dbPublications = (
    await client.query<{ seq: string; version: number; hash: string; file: string }>(
      'SELECT seq, version, hash, file FROM publications WHERE document_id = $1 ORDER BY seq',
      [id],
    )
  ).rows;

  if (dbVersions.length > history.versions.length)
    throw new Refused(
      `the database has ${count(dbVersions.length, 'version')}, the file store ${history.versions.length}: it was edited after an earlier copy`,
    );
  dbVersions.forEach((v, i) => {
    const mine = history.versions[i]!;
    if (v.version !== mine.version || v.sha256 !== mine.sha256)
      throw new Refused(
        `version ${mine.version} differs (sha256 ${v.sha256.slice(0, 12)}… in the database, ${mine.sha256.slice(0, 12)}… in the file store)`,
      );
  });
  if (dbPublications.length > history.publications.length)
    throw new Refused(
      `the database has ${count(dbPublications.length, 'publication')}, the file store ${history.publications.length}: it was published after an earlier copy`,
    );
  dbPublications.forEach((p, i) => {
    const mine = history.publications[i]!;
    if (p.version !== mine.version || p.hash !== mine.hash || p.file !== mine.file)
      throw new Refused(
        `publication ${i + 1} differs (version ${p.version}, ${p.file} in the database; version ${mine.version}, ${mine.file} in the file store)`,
      );
  });

  if (!row) await client.query('INSERT INTO documents (id, draft) VALUES ($1, $2)', [id, history.draftVersion]);
  for (const info of history.versions.slice(dbVersions.length)) {
    // FileStore.read checks the text against its sha256, so only a complete version is copied.
    const stored = (await source.read(id, info.version))!;
    await client.query(
      'INSERT INTO versions (document_id, version, text, sha256, author, time, message, action, restored_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        id,
        info.version,
        stored.text,
        info.sha256,
        info.author,
        info.time,
        info.message,
        info.action,
        info.restoredFrom ?? null,
      ],
    );
  }
  const seqs = dbPublications.map((p) => p.seq);
  for (const publication of history.publications.slice(dbPublications.length)) {
    const bytes = await publishedBytes(source, id, publication);
    await client.query(
      'INSERT INTO published_files (file, hash, bytes) VALUES ($1, $2, $3) ON CONFLICT (file) DO NOTHING',
      [publication.file, publication.hash, bytes],
    );
    const inserted = await client.query<{ seq: string }>(
      'INSERT INTO publications (document_id, version, change_set, approved_by, hash, file, author, time) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING seq',
      [
        id,
        publication.version,
        publication.changeSet ?? null,
        publication.approvedBy ?? null,
        publication.hash,
        publication.file,
        publication.author,
        publication.time,
      ],
    );
    seqs.push(inserted.rows[0]!.seq);
  }
  const published = await currentPublicationSeq(source, id, history, seqs);
  const moved = !!row && (row.draft !== history.draftVersion || row.published !== published);
  if (!row || moved || seqs.length > dbPublications.length)
    await client.query('UPDATE documents SET draft = $2, published = $3 WHERE id = $1', [
      id,
      history.draftVersion,
      published,
    ]);
  return {
    versions: history.versions.length - dbVersions.length,
    publications: history.publications.length - dbPublications.length,
    hadVersions: dbVersions.length,
    hadPublications: dbPublications.length,
    moved,
  };
}

/** The seq of the publication the file store's record points at: the last one that equals it. */
async function currentPublicationSeq(
  source: FileStore,
  id: DocumentId,
  history: DocumentHistory,
  seqs: string[],
): Promise<string | null> {
  const current = (await source.summary(id))?.published;
  if (!current) return null;
  const same = (p: PublicationInfo) =>
    p.version === current.version && p.hash === current.hash && p.file === current.file && p.time === current.time;
  const index = history.publications.map(same).lastIndexOf(true);
  if (index < 0)
    throw new Refused(
      `its current publication (version ${current.version}, ${current.file}) is not in its publication list`,
    );
  return seqs[index]!;
}

/** A publication's file as the file store holds it, or rendered again from its version when it is missing or changed (as FileStore.readPublished does). */
async function publishedBytes(source: FileStore, id: DocumentId, publication: PublicationInfo): Promise<Buffer> {
  const bytes = await readIfPresent(path.join(publishedDir(source.dir), publication.file));
  if (bytes && contentHash(bytes) === publication.hash) return bytes;
  const version = await source.read(id, publication.version);
  const rendered = version && renderStoredVersion(id, version.text)?.published;
  if (rendered && rendered.hash === publication.hash && rendered.file === publication.file)
    return Buffer.from(rendered.bytes);
  throw new Refused(
    `published/${publication.file} is ${bytes ? 'changed' : 'missing'}, and version ${publication.version} does not render to it: restore it from a backup`,
  );
}

async function importChangeSet(client: pg.ClientBase, record: ChangeSet): Promise<ImportItem> {
  const subject = `change set ${record.id}`;
  const stored = (
    await client.query<{ revision: number; record: ChangeSet }>(
      'SELECT revision, record FROM change_sets WHERE id = $1',
      [record.id],
    )
  ).rows[0];
  if (stored && stored.revision > record.revision)
    return {
      subject: record.id,
      outcome: 'refused',
      line: `${subject}: refused: the database has revision ${stored.revision}, the file store ${record.revision}: it was changed after an earlier copy`,
    };
  if (stored && stored.revision === record.revision) {
    if (canonical(stored.record) === canonical(record))
      return { subject: record.id, outcome: 'up-to-date', line: `${subject}: up to date` };
    return {
      subject: record.id,
      outcome: 'refused',
      line: `${subject}: refused: revision ${record.revision} differs between the database and the file store`,
    };
  }
  const values = [record.id, record.revision, record.createdAt, JSON.stringify(record)];
  const written = await transaction(client, async () => {
    // Compare-and-set on the revision read above, as the store's own writes do: a concurrent writer wins, and is reported.
    const row = stored
      ? await client.query(
          'UPDATE change_sets SET revision = $2, created_at = $3, record = $4 WHERE id = $1 AND revision = $5',
          [...values, stored.revision],
        )
      : await client.query(
          'INSERT INTO change_sets (id, revision, created_at, record) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING',
          values,
        );
    // Its holds with it (change-set-holds.ts). Sets are copied oldest first, so of two that a file store from before
    // the rule left carrying one document, the older holds it, as the migration decides for a database.
    if (row.rowCount === 1) await syncHolds(client, record);
    return row.rowCount === 1;
  });
  if (!written)
    return {
      subject: record.id,
      outcome: 'refused',
      line: `${subject}: refused: it changed in the database while being copied`,
    };
  return {
    subject: record.id,
    outcome: 'copied',
    line: `${subject}: revision ${record.revision} copied${stored ? ` (the database had revision ${stored.revision})` : ''}`,
  };
}

async function importSecret(
  client: pg.ClientBase,
  dir: string,
  name: (typeof SECRET_NAMES)[number],
): Promise<ImportItem> {
  const subject = `secret ${name}`;
  const key = await readIfPresent(secretPath(dir, name));
  if (!key)
    return {
      subject,
      outcome: 'absent',
      line: `${subject}: none in the file store (the database makes one on first use)`,
    };
  if (key.length !== SECRET_BYTES)
    return {
      subject,
      outcome: 'refused',
      line: `${subject}: refused: the file store's key holds ${key.length} bytes, not ${SECRET_BYTES}`,
    };
  const differs = (): ImportItem => ({
    subject,
    outcome: 'refused',
    line: `${subject}: refused: the database already holds a different key (links it signed would stop working if it were replaced)`,
  });
  const stored = (await client.query<{ key: Buffer }>('SELECT key FROM secrets WHERE name = $1', [name])).rows[0]?.key;
  if (stored)
    return stored.equals(key) ? { subject, outcome: 'up-to-date', line: `${subject}: up to date` } : differs();
  const inserted = await client.query('INSERT INTO secrets (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    key,
  ]);
  // An instance on the database made its own key in between: that one stays.
  if (inserted.rowCount !== 1) return differs();
  return { subject, outcome: 'copied', line: `${subject}: copied` };
}

/**
 * The manifest as the file store has it, with its fragment files. Copied when the database's publications render
 * to exactly that text with the file store's fragments section; otherwise refused (the service rewrites it at the
 * next publication from the database's own records).
 */
async function importManifest(client: pg.ClientBase, dir: string, documentsRefused: boolean): Promise<ImportItem> {
  const subject = 'manifest';
  const bytes = await readIfPresent(path.join(publishedDir(dir), MANIFEST_FILE));
  if (!bytes) return { subject, outcome: 'absent', line: `${subject}: none in the file store (nothing published yet)` };
  if (documentsRefused)
    return { subject, outcome: 'refused', line: `${subject}: refused: not copied while a document is refused` };
  const text = bytes.toString('utf8');
  const fragments = (JSON.parse(text) as { fragments?: ManifestFragments }).fragments;
  return transaction(client, async (): Promise<ImportItem> => {
    const current =
      (await client.query<{ text: string | null }>('SELECT text FROM manifest FOR UPDATE')).rows[0]?.text ?? null;
    const entries = (
      await client.query<ManifestSource>(
        'SELECT d.id, p.hash, p.file FROM documents d JOIN publications p ON p.seq = d.published',
      )
    ).rows;
    if (renderManifest(entries, fragments) !== text)
      return {
        subject,
        outcome: 'refused',
        line: `${subject}: refused: the database's publications do not name the files the file store's manifest does`,
      };
    let files = 0;
    if (fragments) {
      const entriesOfFragments = [
        fragments.css,
        ...Object.values(fragments.locales).flatMap((pair) => (pair ? [pair.header, pair.footer] : [])),
      ];
      for (const entry of entriesOfFragments) {
        const fragment = await readIfPresent(path.join(publishedDir(dir), entry.file));
        if (!fragment || !parseFragmentFileName(entry.file) || contentHash(fragment) !== entry.hash)
          return {
            subject,
            outcome: 'refused',
            line: `${subject}: refused: its fragment published/${entry.file} is missing or changed`,
          };
        const inserted = await client.query(
          'INSERT INTO published_files (file, hash, bytes) VALUES ($1, $2, $3) ON CONFLICT (file) DO NOTHING',
          [entry.file, entry.hash, fragment],
        );
        files += inserted.rowCount ?? 0;
      }
    }
    if (current === text && files === 0) return { subject, outcome: 'up-to-date', line: `${subject}: up to date` };
    await client.query('UPDATE manifest SET text = $1, fragments = $2', [
      text,
      fragments ? JSON.stringify(fragments) : null,
    ]);
    // Running instances drop their cached manifest (publish-listener.ts).
    await client.query('SELECT pg_notify($1, $2)', [PUBLISHED_CHANNEL, '']);
    return {
      subject,
      outcome: 'copied',
      line: `${subject}: copied${fragments ? `, with ${count(files, 'new fragment file')}` : ''}`,
    };
  });
}

function total(items: ImportItem[]): string {
  const by = (outcome: ImportOutcome, documents: boolean) =>
    items.filter((i) => i.outcome === outcome && (DOCUMENT_IDS as readonly string[]).includes(i.subject) === documents)
      .length;
  const documents = `${count(by('copied', true) + by('up-to-date', true) + by('refused', true), 'document')}: ${by('copied', true)} copied, ${by('up-to-date', true)} up to date`;
  const refusedDocuments = by('refused', true) > 0 ? `, ${by('refused', true)} refused` : '';
  const others = `; other records: ${by('copied', false)} copied, ${by('up-to-date', false)} up to date${by('refused', false) > 0 ? `, ${by('refused', false)} refused` : ''}`;
  const refused = items.some((i) => i.outcome === 'refused');
  return `${refused ? '✗' : '✓'} ${documents}${refusedDocuments}${others}`;
}

async function transaction<T>(client: pg.ClientBase, task: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await task();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** JSON with keys sorted: jsonb keeps no key order, so records are compared by content. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
