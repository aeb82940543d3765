/**
 * The audience engine's two jobs for the editor, as plain functions of document texts (they run in a worker,
 * see audience.worker.ts): the open draft's matrix, and the publish review's "what changes for whom".
 */
import { analyzeAudience, MATRIX_PERSONA_IDS, MATRIX_PERSONAS } from '../analysis';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { Problem } from '../../schemas/validator';
import { diffAudiences, type AudienceDiff, type DiffLocale, type DiffSide } from './audience-diff';
import { buildCatalog } from './item-catalog';
import { summariseMatrix, summariseView, type MatrixSummary } from './matrix-summary';
import { prepareDocument, prepareSet, type DocumentSet, type DocumentText, type ExcludedDocument } from './prepare-documents';

export type MatrixResult =
  | { kind: 'ready'; summary: MatrixSummary; excluded: ExcludedDocument[]; ms: number }
  /** The draft does not parse or breaks the schema: the panel keeps the last valid matrix. */
  | { kind: 'invalid'; problems: Problem[] }
  | { kind: 'not-a-locale' };

const isLocaleId = (id: string) => id !== 'markets' && id !== 'flags';

/** The open locale's matrix, with the other documents' drafts for the fallback account menu, markets, flags and sibling checks. */
export function analyzeDraft(documentId: string, draftText: string, others: readonly DocumentText[]): MatrixResult {
  if (!isLocaleId(documentId)) return { kind: 'not-a-locale' };
  const draft = prepareDocument({ id: documentId, text: draftText });
  if (!draft.ok) return { kind: 'invalid', problems: draft.problems };
  const started = performance.now();
  const set = prepareSet([...others.filter((d) => d.id !== documentId), { id: documentId, text: draftText }]);
  const report = analyzeAudience({ configs: set.configs, markets: set.markets, defaultFlags: set.defaultFlags, locales: [documentId] });
  const config = draft.value as LocaleConfig;
  const matrix = report.locales[0];
  const summary: MatrixSummary = matrix
    ? summariseMatrix(matrix, buildCatalog(config, set.configs.find((c) => c.locale === 'en'), set.markets), report.problems, set.defaultFlags)
    : { locale: documentId, pages: [], personas: [], defaultFlags: [...set.defaultFlags], items: [], views: [], combinations: 0, problems: [] };
  return { kind: 'ready', summary, excluded: set.excluded, ms: performance.now() - started };
}

export type PublishComparison =
  | { kind: 'ready'; diff: AudienceDiff; locales: string[]; personas: { id: string; label: string }[]; excluded: ExcludedDocument[]; combinations: number; ms: number }
  | { kind: 'invalid'; problems: Problem[] };

/**
 * Publishing a locale changes what that locale shows; publishing markets, flags or plain en (whose account
 * menu is every menu-less locale's fallback) can change every locale.
 */
export function publishScope(documentId: string, localeIds: readonly string[]): string[] {
  return documentId === 'markets' || documentId === 'flags' || documentId === 'en' ? [...localeIds] : [documentId];
}

function side(set: DocumentSet, scope: readonly string[]): { side: DiffSide; combinations: number } {
  const report = analyzeAudience({ configs: set.configs, markets: set.markets, defaultFlags: set.defaultFlags, locales: scope });
  const fallback = set.configs.find((c) => c.locale === 'en');
  const locales = new Map<string, DiffLocale>();
  for (const matrix of report.locales) {
    const config = set.configs.find((c) => c.locale === matrix.locale)!;
    locales.set(matrix.locale, { views: matrix.views.map(summariseView), catalog: buildCatalog(config, fallback, set.markets) });
  }
  return { side: { locales, defaultFlags: set.defaultFlags }, combinations: report.combinations };
}

/**
 * What publishing `draftText` changes for each locale × persona: the published documents as customers load
 * them now, against the same set with this document's draft in place of its published version.
 */
export function diffPublish(documentId: string, draftText: string, published: readonly DocumentText[]): PublishComparison {
  const draft = prepareDocument({ id: documentId, text: draftText });
  if (!draft.ok) return { kind: 'invalid', problems: draft.problems };
  const started = performance.now();
  const before = prepareSet(published);
  const after = prepareSet([...published.filter((d) => d.id !== documentId), { id: documentId, text: draftText }]);
  const localeIds = [...new Set([...before.configs, ...after.configs].map((c) => c.locale as string))].sort();
  const scope = publishScope(documentId, localeIds);
  const b = side(before, scope);
  const a = side(after, scope);
  const excluded = [...before.excluded.map((e) => ({ ...e, reason: `published ${e.reason}` })), ...after.excluded.filter((e) => e.id === documentId)];
  const personas = MATRIX_PERSONAS.map((p) => ({ id: p.id, label: p.label }));
  return { kind: 'ready', diff: diffAudiences(b.side, a.side, scope, MATRIX_PERSONA_IDS), locales: scope, personas, excluded, combinations: b.combinations + a.combinations, ms: performance.now() - started };
}
