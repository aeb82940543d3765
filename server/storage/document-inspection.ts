/**
 * Checks one document's files and plans the repairs that need no guessing (docs/operations.md#repair):
 *
 *   - meta.json missing, unreadable or inconsistent beside version files 1..N: rebuilt from them. Version
 *     files are immutable, so they are the history; entries of the damaged record that still match their
 *     file keep their author, time and message, the others say "recovered" with the file's time. The
 *     publication record is recovered from published/: the file a version renders to byte for byte.
 *   - a version file missing or changed: copied from another version with the same sha256 (a restore
 *     copies text byte for byte), when there is one.
 *   - a published file missing or changed: rendered again from the version it was published from.
 *
 * Anything else (a version that exists nowhere else, a gap in the versions, a document directory gone
 * while its published files remain) leaves the document damaged: reported, never reseeded or rewritten.
 * Nothing here writes; the store applies `writes` when it is allowed to repair.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentId } from '../../schemas/validator/index';
import type { ManifestEntry } from '../../schemas/contracts/index';
import { renderStoredVersion } from './published-config';
import { RECOVERED_AUTHOR, REPAIR_GUIDE } from './document-damage';
import {
  documentDir,
  META_FORMAT,
  metaPath,
  parseMeta,
  parseVersionFileName,
  publishedDir,
  salvagedEntries,
  sha256,
  versionFilePath,
  versionsDir,
  type Meta,
} from './store-layout';
import type { DamagedDocument, PublicationInfo, VersionInfo } from './store';

/** One problem with one file, as `npm run store:check` prints it. */
export interface Finding {
  /** Relative to the store directory. */
  file: string;
  problem: string;
  /** `repaired`: fixed by this open; `repairable`: the next start or `store:check --repair` fixes it; `manual`: a person must act. */
  status: 'repaired' | 'repairable' | 'manual';
  /** What the repair does or did, or what to do by hand. */
  action: string;
}

/** A published/<id>.<hash>.json file as found on disk. */
export interface PublishedFileState {
  file: string;
  hash: string;
  /** Its bytes still hash to the hash in its name. */
  intact: boolean;
  mtime: Date;
}

export interface PlannedWrite {
  /** Absolute path. */
  target: string;
  bytes: Uint8Array | string;
}

/** Neither `meta` nor `damage`: nothing of the document is on disk, so seeding it loses nothing. */
export interface DocumentInspection {
  id: DocumentId;
  /** The record to serve from, after `writes` (which end with it when it was rebuilt). */
  meta?: Meta;
  /** Set when the document cannot be served; `meta` is then absent. */
  damage?: DamagedDocument;
  findings: Finding[];
  writes: PlannedWrite[];
}

export interface InspectionContext {
  /** This document's files in published/. */
  published: PublishedFileState[];
  /** What published/manifest.json named for it, if it could be read. */
  manifestEntry: ManifestEntry | undefined;
}

type VersionCheck = { ok: true; text: string } | { ok: false; problem: string };

export async function inspectDocument(
  dir: string,
  id: DocumentId,
  context: InspectionContext,
): Promise<DocumentInspection> {
  const rel = (file: string) => path.relative(dir, file);
  const result: DocumentInspection = { id, findings: [], writes: [] };
  const damaged = (damage: Omit<DamagedDocument, 'id'>): DocumentInspection => {
    result.damage = { id, ...damage };
    result.findings.push({ file: damage.file, problem: damage.problem, status: 'manual', action: damage.repair });
    delete result.meta;
    result.writes = [];
    return result;
  };

  const numbers = await versionNumbers(dir, id);
  const metaRead = await readMetaFile(dir, id);
  if (metaRead.kind === 'missing' && numbers.length === 0) {
    if (context.published.length === 0) return result;
    return damaged({
      file: rel(documentDir(dir, id)),
      problem: `holds no history, but ${context.published.length} published file(s) of ${id} exist (${context.published[0]!.file}, …): its versions were lost`,
      repair: `restore documents/${id}/ from a backup (${REPAIR_GUIDE}); customers keep the published copy meanwhile`,
    });
  }

  const texts = new Map<number, VersionCheck>();
  const check = async (info: Pick<VersionInfo, 'version' | 'sha256'>): Promise<VersionCheck> => {
    const known = texts.get(info.version);
    if (known) return known;
    const checked = await checkVersionFile(dir, id, info);
    texts.set(info.version, checked);
    return checked;
  };

  let meta: Meta;
  let parsed =
    metaRead.kind === 'text'
      ? parseMeta(metaRead.text, id)
      : { problem: metaRead.kind === 'missing' ? 'is missing' : `cannot be read (${metaRead.code})` };
  const newest = numbers.at(-1) ?? 0;
  // One version file past the draft is a save that crashed before its commit point; more than one
  // means meta.json is older than its versions (restored alone from a backup), and trusting it
  // would roll the document back and let the next saves overwrite the newer versions.
  if ('meta' in parsed && newest > parsed.meta.draft + 1)
    parsed = {
      problem: `lists versions up to ${parsed.meta.draft}, but versions up to ${newest} exist: it is older than its versions`,
      salvage: parsed.meta,
    };
  const metaFile = rel(metaPath(dir, id));
  if ('meta' in parsed) {
    meta = parsed.meta;
    for (const info of meta.versions) {
      const checked = await check(info);
      if (checked.ok) continue;
      const file = rel(versionFilePath(dir, id, info.version));
      const twin = await findTwin(meta.versions, info, check);
      if (!twin)
        return damaged({
          file,
          problem: checked.problem,
          repair: `restore ${file} from a backup (${REPAIR_GUIDE}); no other copy of version ${info.version} exists`,
        });
      result.writes.push({ target: versionFilePath(dir, id, info.version), bytes: twin.text });
      result.findings.push({
        file,
        problem: checked.problem,
        status: 'repairable',
        action: `copied from version ${twin.version}, which holds the same text (same sha256)`,
      });
      texts.set(info.version, { ok: true, text: twin.text });
    }
  } else {
    const gaps = firstGap(numbers);
    if (numbers.length === 0 || gaps !== undefined) {
      const why =
        numbers.length === 0
          ? 'and there are no version files to rebuild it from'
          : `and versions/${String(gaps).padStart(6, '0')}.json is missing, so the history cannot be rebuilt without a gap`;
      return damaged({
        file: metaFile,
        problem: `${parsed.problem}, ${why}`,
        repair: `restore documents/${id}/ from a backup (${REPAIR_GUIDE})`,
      });
    }
    const salvage = salvagedEntries('salvage' in parsed ? parsed.salvage : undefined);
    const versions: VersionInfo[] = [];
    for (const version of numbers) {
      const file = versionFilePath(dir, id, version);
      const text = await readFile(file, 'utf8');
      const hash = sha256(text);
      texts.set(version, { ok: true, text });
      const kept = salvage.versions.find((v) => v.version === version && v.sha256 === hash);
      versions.push(
        kept ?? {
          version,
          author: RECOVERED_AUTHOR,
          time: (await stat(file)).mtime.toISOString(),
          message: `Recovered from ${path.basename(file)} after meta.json was lost; author and message unknown, time is the file's`,
          action: 'save',
          sha256: hash,
        },
      );
    }
    const publications = recoverPublications(id, versions, texts, context, salvage.publications);
    const current = publications.find((p) => p.file === context.manifestEntry?.file) ?? publications.at(-1) ?? null;
    meta = { format: META_FORMAT, id, draft: versions.length, versions, published: current, publications };
    const kept = versions.filter((v) => v.author !== RECOVERED_AUTHOR).length;
    result.findings.push({
      file: metaFile,
      problem: parsed.problem,
      status: 'repairable',
      action:
        `rebuilt from ${versions.length} version file(s)` +
        (kept > 0 ? `, ${kept} with their recorded author and time` : '') +
        (current
          ? `; published version ${current.version} recovered from published/${current.file}`
          : '; no published file matches a version, so it is unpublished') +
        (metaRead.kind === 'text' ? '; the damaged file is kept as meta.json.damaged' : ''),
    });
    if (metaRead.kind === 'text') result.writes.push({ target: `${metaPath(dir, id)}.damaged`, bytes: metaRead.bytes });
  }

  // Published files: every one the record names must be there with the bytes its hash promises.
  let metaChanged = !('meta' in parsed);
  for (const publication of uniqueByFile(meta.publications)) {
    const onDisk = context.published.find((f) => f.file === publication.file);
    if (onDisk?.intact && onDisk.hash === publication.hash) continue;
    const file = `published/${publication.file}`;
    const problem = onDisk ? 'does not match the hash in its name (changed or cut short)' : 'is missing';
    const isCurrent = meta.published?.file === publication.file;
    const source = await check(meta.versions[publication.version - 1]!);
    const render = source.ok ? renderStoredVersion(id, source.text) : undefined;
    const rendered = render?.published;
    if (rendered && rendered.hash === publication.hash) {
      result.writes.push({ target: path.join(publishedDir(dir), publication.file), bytes: rendered.bytes });
      result.findings.push({
        file,
        problem,
        status: 'repairable',
        action: `rendered again from version ${publication.version}`,
      });
    } else if (rendered && render.publishable && isCurrent) {
      // Today's rendering of the same version differs (the schema's defaults changed since): publish it
      // under its own name rather than leave customers without the locale.
      const info: PublicationInfo = {
        version: publication.version,
        hash: rendered.hash,
        file: rendered.file,
        author: RECOVERED_AUTHOR,
        time: new Date().toISOString(),
      };
      meta = { ...meta, published: info, publications: [...meta.publications, info] };
      metaChanged = true;
      result.writes.push({ target: path.join(publishedDir(dir), rendered.file), bytes: rendered.bytes });
      result.findings.push({
        file,
        problem,
        status: 'repairable',
        action: `version ${publication.version} renders differently today; published again as published/${rendered.file}`,
      });
    } else if (isCurrent) {
      return damaged({
        file,
        problem: `${problem}, and version ${publication.version} cannot be rendered to it again`,
        repair: `restore ${file} from a backup (${REPAIR_GUIDE})`,
      });
    } else {
      result.findings.push({
        file,
        problem: `${problem} (an earlier publication of version ${publication.version})`,
        status: 'manual',
        action: `restore it from a backup if a cached manifest may still name it (${REPAIR_GUIDE}); customers with a fresh manifest do not need it`,
      });
    }
  }
  if (metaChanged) result.writes.push({ target: metaPath(dir, id), bytes: `${JSON.stringify(meta, null, 1)}\n` });
  result.meta = meta;
  return result;
}

/** Another version with the same text (a restore copies one byte for byte) whose file is intact. */
async function findTwin(
  versions: VersionInfo[],
  info: VersionInfo,
  check: (info: VersionInfo) => Promise<VersionCheck>,
): Promise<{ version: number; text: string } | undefined> {
  for (const other of versions) {
    if (other.version === info.version || other.sha256 !== info.sha256) continue;
    const found = await check(other);
    if (found.ok) return { version: other.version, text: found.text };
  }
  return undefined;
}

/** Each published file of `id` that some version renders to byte for byte, oldest first. */
function recoverPublications(
  id: DocumentId,
  versions: VersionInfo[],
  texts: Map<number, VersionCheck>,
  context: InspectionContext,
  salvaged: PublicationInfo[],
): PublicationInfo[] {
  const intact = context.published.filter((f) => f.intact);
  if (intact.length === 0) return [];
  // The newest version wins a tie: a restore copies an older text, and publishing it published the copy.
  const versionByHash = new Map<string, number>();
  for (const v of versions) {
    const checked = texts.get(v.version);
    const rendered = checked?.ok ? renderStoredVersion(id, checked.text)?.published : undefined;
    if (rendered) versionByHash.set(rendered.hash, v.version);
  }
  return intact
    .flatMap((f): PublicationInfo[] => {
      const version = versionByHash.get(f.hash);
      if (version === undefined) return [];
      const known = salvaged.find((p) => p.file === f.file && p.version === version);
      return [known ?? { version, hash: f.hash, file: f.file, author: RECOVERED_AUTHOR, time: f.mtime.toISOString() }];
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

async function checkVersionFile(
  dir: string,
  id: DocumentId,
  info: Pick<VersionInfo, 'version' | 'sha256'>,
): Promise<VersionCheck> {
  let text: string;
  try {
    text = await readFile(versionFilePath(dir, id, info.version), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: code === 'ENOENT' ? 'is missing' : `cannot be read (${code})` };
  }
  if (sha256(text) !== info.sha256)
    return { ok: false, problem: 'does not match the sha256 recorded in meta.json (changed or cut short)' };
  return { ok: true, text };
}

async function readMetaFile(
  dir: string,
  id: DocumentId,
): Promise<
  { kind: 'missing' } | { kind: 'text'; text: string; bytes: Uint8Array } | { kind: 'unreadable'; code: string }
> {
  try {
    const bytes = await readFile(metaPath(dir, id));
    return { kind: 'text', text: bytes.toString('utf8'), bytes };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable', code };
  }
}

async function versionNumbers(dir: string, id: DocumentId): Promise<number[]> {
  const names = await readdir(versionsDir(dir, id)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [] as string[];
    throw error;
  });
  return names.flatMap((n) => parseVersionFileName(n) ?? []).sort((a, b) => a - b);
}

/** The first missing number of 1..max, if any. */
function firstGap(numbers: number[]): number | undefined {
  for (let i = 0; i < numbers.length; i++) if (numbers[i] !== i + 1) return i + 1;
  return undefined;
}

function uniqueByFile(publications: PublicationInfo[]): PublicationInfo[] {
  return [...new Map(publications.map((p) => [p.file, p])).values()];
}
