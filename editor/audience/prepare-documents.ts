import {
  documentKind,
  isDocumentId,
  validateDocument,
  type DocumentId,
  type Problem,
  type ProblemCode,
} from '../../schemas/validator';
import type { FlagsDocument, LocaleConfig, MarketEntry, MarketsDocument } from '../../schemas/generated/config-types';

/** A document's text as the service stores it (a draft or a published version). */
export interface DocumentText {
  id: string;
  text: string;
}

/** A document the matrix had to leave out, and why (shown beside the matrix, so nothing is silently dropped). */
export interface ExcludedDocument {
  id: string;
  reason: string;
}

/** Findings after which a document cannot be resolved safely, as in `npm run lint:matrix`. */
export const BLOCKING_CODES: ReadonlySet<ProblemCode> = new Set([
  'encoding',
  'empty-file',
  'json-syntax',
  'schema',
  'unknown-document',
  'missing-document',
  'file-locale-mismatch',
]);

export type Prepared = { ok: true; value: unknown } | { ok: false; problems: Problem[] };

// Other locales' texts rarely change while a page is open: validate each text once. Bounded, as drafts come and go.
const CACHE_LIMIT = 64;
const cache = new Map<string, Prepared>();

/**
 * A document validated and default-filled by the shared validator (the resolver expects complete objects),
 * or the problems that stop the matrix from using it. Cross-file findings (an unknown flag) do not stop it.
 */
export function prepareDocument(doc: DocumentText): Prepared {
  const key = `${doc.id}\n${doc.text}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let result: Prepared;
  if (!isDocumentId(doc.id)) {
    result = {
      ok: false,
      problems: [
        {
          code: 'unknown-document',
          file: doc.id,
          line: 1,
          column: 1,
          pointer: '',
          message: `"${doc.id}" is not a document id`,
        },
      ],
    };
  } else {
    const validated = validateDocument({ id: doc.id, file: doc.id, text: doc.text });
    const blocking = validated.problems.filter((p) => BLOCKING_CODES.has(p.code));
    result =
      blocking.length > 0 || validated.value === undefined
        ? { ok: false, problems: blocking }
        : { ok: true, value: validated.value };
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

export function describeBlocking(problems: readonly Problem[]): string {
  const first = problems[0];
  if (!first) return 'it does not validate';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `${first.line}:${first.column} ${first.pointer || '/'} ${first.message}${more}`;
}

/** What analyzeAudience needs, from a set of document texts. */
export interface DocumentSet {
  configs: LocaleConfig[];
  markets: MarketEntry[];
  defaultFlags: Set<string>;
  excluded: ExcludedDocument[];
}

export function prepareSet(docs: readonly DocumentText[]): DocumentSet {
  const set: DocumentSet = { configs: [], markets: [], defaultFlags: new Set(), excluded: [] };
  for (const doc of docs) {
    const prepared = prepareDocument(doc);
    if (!prepared.ok) {
      set.excluded.push({ id: doc.id, reason: `${doc.id} does not validate: ${describeBlocking(prepared.problems)}` });
      continue;
    }
    const kind = documentKind(doc.id as DocumentId);
    if (kind === 'locale') set.configs.push(prepared.value as LocaleConfig);
    else if (kind === 'markets') set.markets = (prepared.value as MarketsDocument).markets;
    else set.defaultFlags = new Set((prepared.value as FlagsDocument).flags.filter((f) => f.default).map((f) => f.id));
  }
  return set;
}
