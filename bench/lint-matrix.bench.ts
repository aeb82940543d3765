import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { analyzeAudience } from '../editor/analysis/index';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../schemas/generated/config-types';
import { documentKind, validateDocumentSet, type SourceFile } from '../schemas/validator/index';
import { formatTable, median, type BudgetRow } from './stats';

/**
 * The whole audience matrix of the shipped configs (every locale × persona × page × relevant flag
 * combination) in ≤ 2 s. The first run is reported on its own (the CLI pays it: cold JIT, Intl caches),
 * then the median of 10 runs, and combinations per second at that median.
 */
export function benchLintMatrix(): BudgetRow[] {
  const files: SourceFile[] = readdirSync('config')
    .filter((n) => n.endsWith('.json'))
    .map((n) => ({ file: `config/${n}`, bytes: readFileSync(`config/${n}`) }));
  const report = validateDocumentSet(files);
  if (!report.ok) throw new Error('shipped configs are invalid; run npm run validate');
  const value = (id: string) => report.documents.find((d) => d.id === id)!.value;
  const input = {
    configs: report.documents.filter((d) => documentKind(d.id) === 'locale').map((d) => d.value as LocaleConfig),
    markets: (value('markets') as MarketsDocument).markets,
    defaultFlags: new Set((value('flags') as FlagsDocument).flags.filter((f) => f.default).map((f) => f.id)),
  };

  const coldStart = performance.now();
  const { combinations } = analyzeAudience(input);
  const coldMs = performance.now() - coldStart;
  const runs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    analyzeAudience(input);
    runs.push(performance.now() - start);
  }
  const ms = median(runs);
  return [
    {
      area: 'lint:matrix',
      metric: `first run, ${combinations} combinations`,
      value: coldMs,
      unit: 'ms',
      budget: 2000,
      kind: 'max',
    },
    {
      area: 'lint:matrix',
      metric: `whole matrix, median of 10 (${combinations} combinations)`,
      value: ms,
      unit: 'ms',
      budget: 2000,
      kind: 'max',
    },
    {
      area: 'lint:matrix',
      metric: 'combinations per second at the median',
      value: Math.round(combinations / (ms / 1000)),
      unit: 'combinations/s',
      budget: Math.ceil(combinations / 2),
      kind: 'min',
      note: 'the 2 s budget',
    },
  ];
}

// npx tsx bench/lint-matrix.bench.ts
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(formatTable(benchLintMatrix()));
