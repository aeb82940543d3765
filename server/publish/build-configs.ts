/**
 * `npm run build:configs`: the /configs output for a directory of documents, for a CDN or object
 * store. Same renderers as the service's publish (server/storage/published-config.ts for the documents
 * and the manifest, ./fragments.ts for the prerendered fragments), so the bytes match.
 * Unlike the service, which publishes document by document, this is all or nothing: one problem
 * anywhere and nothing is written. A locale whose fragments cannot be rendered is not such a problem (its
 * config is valid and is written); it is left out of the fragments and named, exactly as the service does.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateDocumentSet, type DocumentId, type Problem, type SourceFile } from '../../schemas/validator/index';
import { writeFileAtomic } from '../storage/atomic-write';
import { MANIFEST_FILE } from '../../schemas/contracts/index';
import {
  renderManifest,
  renderPublishedFile,
  type FragmentFile,
  type PublishedFile,
} from '../storage/published-config';
import { FragmentRenderer, publicationClock, type PublishedDocument } from './fragments';

export interface BuildResult {
  ok: boolean;
  problems: Problem[];
  files: PublishedFile[];
  /** The prerendered fragments and their stylesheet (docs/rendering.md#fragments). */
  fragments: FragmentFile[];
  /** Locales left without fragments, each with why: `config/de-DE.json: …`. */
  fragmentProblems: string[];
}

export interface BuildOptions {
  /** When the build happens; the fragments render with publicationClock(now), as the service's publish does. */
  now?: Date;
}

export async function buildConfigs(dir: string, out: string, options: BuildOptions = {}): Promise<BuildResult> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const label = path.relative(process.cwd(), path.resolve(dir)) || '.';
  const sources: SourceFile[] = await Promise.all(
    names.map(async (name) => ({ file: path.join(label, name), bytes: await readFile(path.join(dir, name)) })),
  );
  const report = validateDocumentSet(sources, { requireAll: true, dirLabel: label });
  if (!report.ok) return { ok: false, problems: report.problems, files: [], fragments: [], fragmentProblems: [] };

  const files = report.documents.map((d) => renderPublishedFile(d.id, d.value));
  // The fragments read what customers load: the published files' JSON, as the service reads it back.
  const documents = new Map<DocumentId, PublishedDocument>(
    files.map((f) => [f.id, { hash: f.hash, value: JSON.parse(Buffer.from(f.bytes).toString('utf8')) as unknown }]),
  );
  const fragmentProblems: string[] = [];
  const rendered = await new FragmentRenderer().render(
    documents,
    publicationClock(options.now ?? new Date()),
    (id, error) => fragmentProblems.push(`${path.join(label, `${id}.json`)}: ${String(error)}`),
  );
  const fragments = rendered?.files ?? [];

  await mkdir(out, { recursive: true });
  for (const file of files) await writeFileAtomic(path.join(out, file.file), file.bytes);
  if (fragments.length > 0) await mkdir(path.join(out, path.dirname(fragments[0]!.file)), { recursive: true });
  for (const fragment of fragments) await writeFileAtomic(path.join(out, fragment.file), fragment.bytes);
  // Last, so an upload of this directory never has a manifest naming a file that is not there yet.
  await writeFileAtomic(path.join(out, MANIFEST_FILE), renderManifest(files, rendered?.section));
  return { ok: true, problems: [], files, fragments, fragmentProblems };
}
