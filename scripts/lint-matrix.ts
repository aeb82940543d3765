/**
 * npm run lint:matrix [-- --dir <path>] [--json]
 * Resolves every locale × persona × page × relevant flag combination (editor/analysis) and reports what no
 * audience should see: errors exit 1, warnings alone exit 0, bad usage exits 2. See docs/lint-matrix.md.
 * Files are loaded with the validator first, so a broken file gets the validator's file:line:col message.
 */
import path from 'node:path';
import { analyzeAudience, type AudienceProblem } from '../editor/analysis/index';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../schemas/generated/config-types';
import {
  decodeSource,
  documentIdFromFileName,
  documentKind,
  formatProblem,
  validateDocumentSet,
  type Problem,
  type ProblemCode,
} from '../schemas/validator/index';
import { SourceMap } from '../schemas/validator/source-map';
import { failFor, parseCliArgs, readConfigDir, type Fail } from './cli-args';

const USAGE = 'usage: npm run lint:matrix -- [--dir <config directory>] [--json]';

/** Validator findings after which the documents cannot be resolved safely: the matrix does not run. */
const BLOCKING: ReadonlySet<ProblemCode> = new Set([
  'encoding',
  'empty-file',
  'json-syntax',
  'schema',
  'unknown-document',
  'missing-document',
  'file-locale-mismatch',
]);

interface Located {
  severity: 'error' | 'warning';
  code: string;
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  hint?: string;
  source: 'validator' | 'matrix';
  locale?: string;
  occurrences?: number;
  audiences?: AudienceProblem['audiences'];
}

const fail: Fail = failFor('lint:matrix');
const args = parseCliArgs('lint:matrix', USAGE, process.argv.slice(2), ['--json']);
const dir = args.dir ?? 'config';
const json = args.switches.has('--json');
const { label, files } = readConfigDir(dir, fail);
const validation = validateDocumentSet(files, { requireAll: true, dirLabel: label });

const located: Located[] = validation.problems.map((p: Problem) => ({ severity: 'error', source: 'validator', ...p }));
const blocked = validation.problems.some((p) => BLOCKING.has(p.code));
let combinations = 0;
let ms = 0;
let localeCount = 0;
let flagsByLocale: { locale: string; flags: string[] }[] = [];

if (!blocked) {
  const value = (id: string) => validation.documents.find((d) => d.id === id)?.value;
  const configs = validation.documents
    .filter((d) => documentKind(d.id) === 'locale')
    .map((d) => d.value as LocaleConfig);
  const markets = (value('markets') as MarketsDocument).markets;
  const registry = value('flags') as FlagsDocument;
  const started = performance.now();
  const report = analyzeAudience({
    configs,
    markets,
    defaultFlags: new Set(registry.flags.filter((f) => f.default).map((f) => f.id)),
  });
  ms = performance.now() - started;
  combinations = report.combinations;
  localeCount = report.locales.length;
  flagsByLocale = report.locales.map((l) => ({ locale: l.locale, flags: l.flags }));

  const fileOf = new Map(files.map((f) => [documentIdFromFileName(f.file) as string, f]));
  const maps = new Map<string, SourceMap>();
  const reported = new Set(validation.problems.map((p) => `${p.file} ${p.pointer}`));
  for (const p of report.problems) {
    const source = fileOf.get(p.document);
    const file = source?.file ?? path.join(label, `${p.document}.json`);
    // The validator already reported this place (an unsafe link, a market without config): one message is enough.
    if (reported.has(`${file} ${p.pointer}`)) continue;
    let map = maps.get(file);
    if (!map && source) {
      const decoded = decodeSource(file, source.bytes);
      if (decoded.text !== undefined) maps.set(file, (map = new SourceMap(decoded.text)));
    }
    const { line, column } = map?.locate(p.pointer) ?? { line: 1, column: 1 };
    located.push({
      severity: p.severity,
      code: p.code,
      file,
      line,
      column,
      pointer: p.pointer,
      message: p.message,
      ...(p.hint ? { hint: p.hint } : {}),
      source: 'matrix',
      ...(p.locale ? { locale: p.locale } : {}),
      ...(p.occurrences ? { occurrences: p.occurrences, audiences: p.audiences } : {}),
    });
  }
}

const errors = located.filter((p) => p.severity === 'error').length;
const warnings = located.length - errors;
const perSecond = ms > 0 ? Math.round(combinations / (ms / 1000)) : 0;

if (json) {
  console.log(
    JSON.stringify(
      {
        ok: errors === 0,
        matrixRan: !blocked,
        combinations,
        ms: Math.round(ms),
        combinationsPerSecond: perSecond,
        errors,
        warnings,
        locales: flagsByLocale,
        problems: located,
      },
      null,
      2,
    ),
  );
} else {
  const order = (p: Located) => (p.severity === 'error' ? 0 : 1);
  for (const p of [...located].sort((a, b) => order(a) - order(b))) {
    if (p.source === 'validator') console.log(formatProblem(p as Problem));
    else
      console.log(
        `${p.file}:${p.line}:${p.column}  ${p.severity} ${p.code}  ${p.pointer || '/'}  ${p.message}${p.hint ? `  (hint: ${p.hint})` : ''}`,
      );
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (blocked)
    console.log(
      `✗ ${plural(errors, 'error')}: fix the files above first; the matrix runs once every document validates (0 combinations checked)`,
    );
  else
    console.log(
      `${errors === 0 ? '✓' : '✗'} ${combinations.toLocaleString('en')} combinations checked (${plural(localeCount, 'locale')} × personas × pages × relevant flags) in ${ms.toFixed(0)} ms, ${perSecond.toLocaleString('en')} combinations/s: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`,
    );
}
process.exit(errors === 0 ? 0 : 1);
