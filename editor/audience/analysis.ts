/**
 * The open draft's audience matrix, as a plain function of document texts (it runs in a worker, see
 * audience.worker.ts). The publish review of a change set is review-engine.ts.
 */
import { analyzeAudience } from '../analysis';
import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { Problem } from '../../schemas/validator';
import { buildCatalog } from './item-catalog';
import { summariseMatrix, type MatrixSummary } from './matrix-summary';
import { prepareDocument, prepareSet, type DocumentText, type ExcludedDocument } from './prepare-documents';

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
  const report = analyzeAudience({
    configs: set.configs,
    markets: set.markets,
    defaultFlags: set.defaultFlags,
    locales: [documentId],
  });
  const config = draft.value as LocaleConfig;
  const matrix = report.locales[0];
  const summary: MatrixSummary = matrix
    ? summariseMatrix(
        matrix,
        buildCatalog(
          config,
          set.configs.find((c) => c.locale === 'en'),
          set.markets,
        ),
        report.problems,
        set.defaultFlags,
      )
    : {
        locale: documentId,
        pages: [],
        personas: [],
        defaultFlags: [...set.defaultFlags],
        items: [],
        views: [],
        combinations: 0,
        problems: [],
      };
  return { kind: 'ready', summary, excluded: set.excluded, ms: performance.now() - started };
}
