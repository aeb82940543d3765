/**
 * Seeding: every known document of which the store holds nothing at all is copied from the seed
 * directory (the repo's config/) as version 1, author "seed", byte for byte. The seed directory is
 * only ever read. A document with a damaged or lost meta.json, or with published files but no
 * history, is damaged or rebuilt by the store, never reseeded: a seed over it would roll customers
 * back to the seed and let later saves overwrite the history (docs/operations.md#repair).
 *
 * Seeded documents are then published if they are valid, so a fresh store serves a complete
 * /configs/ at once. Documents whose only version is still the seed and that were never published
 * (say markets, while a locale it names was missing) get another publish attempt at each start.
 * Order matters: flags first (rules are checked against the published registry), then locales,
 * then markets (its locales must be published).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  decodeSource,
  DOCUMENT_IDS,
  documentKind,
  formatProblem,
  type DocumentId,
} from '../../schemas/validator/index';
import { ApiError } from '../http/errors';
import type { DocumentStore } from '../storage/store';
import type { DocumentService } from './document-service';

export const SEED_AUTHOR = 'seed';

export interface SeedReport {
  seeded: DocumentId[];
  published: DocumentId[];
  /** Seeded documents left unpublished, with the first reason. */
  unpublished: { id: DocumentId; reason: string }[];
  /** Seed files that could not be read as text. */
  skipped: { id: DocumentId; reason: string }[];
}

const PUBLISH_ORDER: DocumentId[] = [...DOCUMENT_IDS].sort((a, b) => rank(a) - rank(b));

export async function seedStore(store: DocumentStore, service: DocumentService, seedDir: string): Promise<SeedReport> {
  const report: SeedReport = { seeded: [], published: [], unpublished: [], skipped: [] };
  const damaged = new Set((await store.health()).damaged.map((d) => d.id));
  for (const id of DOCUMENT_IDS) {
    if (damaged.has(id) || (await store.summary(id))) continue;
    const file = path.join(seedDir, `${id}.json`);
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const decoded = decodeSource(file, bytes);
    if (decoded.problem) {
      report.skipped.push({ id, reason: formatProblem(decoded.problem) });
      continue;
    }
    const outcome = await store.commitDraft(
      id,
      {
        text: decoded.text,
        author: SEED_AUTHOR,
        message: `Seeded from ${path.basename(seedDir)}/${id}.json`,
        action: 'seed',
      },
      null,
    );
    if (outcome.ok) report.seeded.push(id);
  }

  for (const id of PUBLISH_ORDER) {
    if (damaged.has(id)) continue;
    const summary = await store.summary(id);
    if (!summary || summary.published || summary.versionCount !== 1 || summary.draft.action !== 'seed') continue;
    try {
      // The start renders the fragments once, after seeding (server/app.ts).
      await service.publish(id, [summary.draft.version], SEED_AUTHOR, { fragments: false });
      report.published.push(id);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      const first = error.extra.problems?.[0];
      report.unpublished.push({ id, reason: first ? formatProblem(first) : error.message });
    }
  }
  return report;
}

function rank(id: DocumentId): number {
  return id === 'flags' ? 0 : documentKind(id) === 'locale' ? 1 : 2;
}
