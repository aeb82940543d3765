/**
 * `npm run build:configs`: the /configs output for a directory of documents, for a CDN or object
 * store. Same renderers as the service's publish (server/storage/published-config.ts), so the bytes match.
 * Unlike the service, which publishes document by document, this is all or nothing: one problem
 * anywhere and nothing is written.
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { validateDocumentSet, type Problem, type SourceFile } from '../../schemas/validator/index';
import { writeFileAtomic } from '../storage/atomic-write';
import { MANIFEST_FILE } from '../../schemas/contracts/index';
import { renderManifest, renderPublishedFile, type PublishedFile } from '../storage/published-config';

export interface BuildResult {
  ok: boolean;
  problems: Problem[];
  files: PublishedFile[];
}

export async function buildConfigs(dir: string, out: string): Promise<BuildResult> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  const label = path.relative(process.cwd(), path.resolve(dir)) || '.';
  const sources: SourceFile[] = await Promise.all(names.map(async (name) => ({ file: path.join(label, name), bytes: await readFile(path.join(dir, name)) })));
  const report = validateDocumentSet(sources, { requireAll: true, dirLabel: label });
  if (!report.ok) return { ok: false, problems: report.problems, files: [] };

  const files = report.documents.map((d) => renderPublishedFile(d.id, d.value));
  await mkdir(out, { recursive: true });
  for (const file of files) await writeFileAtomic(path.join(out, file.file), file.bytes);
  // Last, so an upload of this directory never has a manifest naming a file that is not there yet.
  await writeFileAtomic(path.join(out, MANIFEST_FILE), renderManifest(files));
  return { ok: true, problems: [], files };
}
