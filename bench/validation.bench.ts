import { readdirSync, readFileSync } from 'node:fs';
import { compileValidators, validateDocumentSet, type SourceFile } from '../schemas/validator/index';
import { median, type BudgetRow } from './stats';

/** Validation: compile all validators once, then validate the 13 locale configs + markets + flags, median of 20. */
export function benchValidation(): BudgetRow[] {
  const compileStart = performance.now();
  compileValidators();
  const compileMs = performance.now() - compileStart;

  const files: SourceFile[] = readdirSync('config')
    .filter((n) => n.endsWith('.json'))
    .map((n) => ({ file: `config/${n}`, bytes: readFileSync(`config/${n}`) }));
  validateDocumentSet(files); // warm-up: compiles the cached validators and JITs the walkers
  const runs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    const report = validateDocumentSet(files);
    runs.push(performance.now() - start);
    if (!report.ok) throw new Error('shipped configs are invalid; run npm run validate');
  }
  return [
    {
      area: 'validator',
      metric: 'compile all schemas (once)',
      value: compileMs,
      unit: 'ms',
      budget: 1000,
      kind: 'max',
      note: 'reported; no budget of its own, 1 s sanity bar',
    },
    {
      area: 'validator',
      metric: `validate ${files.length} documents, median of 20`,
      value: median(runs),
      unit: 'ms',
      budget: 20,
      kind: 'max',
    },
  ];
}
