/**
 * npm run bench: every budget with its figure, its budget and pass/fail, in one table.
 * Written to bench/results.json and bench/results.md (gitignored) so runs can be compared.
 * Sections whose prerequisites are missing say so instead of silently passing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchEditorPreview } from '../bench/editor-preview.bench';
import { benchEmbed } from '../bench/embed.bench';
import { benchHeader } from '../bench/header.bench';
import { benchLintMatrix } from '../bench/lint-matrix.bench';
import { benchResolve } from '../bench/resolve.bench';
import { benchReview } from '../bench/review.bench';
import { benchSchedule } from '../bench/schedule.bench';
import { benchServeLoad } from '../bench/serve-load.bench';
import { benchServer } from '../bench/server.bench';
import { benchSize } from '../bench/size.bench';
import { benchSsrFirstVisit } from '../bench/ssr-first-visit.bench';
import { benchSsrHydration } from '../bench/ssr-hydration.bench';
import { benchSsrRender } from '../bench/ssr-render.bench';
import { formatTable, isBudget, passes, type BudgetRow } from '../bench/stats';
import { benchValidation } from '../bench/validation.bench';
import { benchWorkflowPublish } from '../bench/workflow-publish.bench';

const only = process.argv.slice(2);
const sections: [string, () => BudgetRow[] | Promise<BudgetRow[]>][] = [
  ['validation', benchValidation],
  ['resolve', benchResolve],
  ['lint-matrix', benchLintMatrix],
  ['review', benchReview],
  ['size', () => benchSize({ build: true })],
  ['server', benchServer],
  ['workflow-publish', benchWorkflowPublish],
  ['ssr-render', benchSsrRender],
  ['serve-load', benchServeLoad],
  // Builds again with the mocks in (the size section built the customer bundle without them).
  ['header', benchHeader],
  ['ssr-hydration', benchSsrHydration],
  ['ssr-first-visit', benchSsrFirstVisit],
  ['editor-preview', benchEditorPreview],
  ['editor-typing', () => import('../bench/editor-typing.bench').then((m) => m.benchEditorTyping())],
  ['embed', benchEmbed],
  ['schedule', benchSchedule],
  ['editor-weight', () => import('../bench/editor-weight.bench').then((m) => m.benchEditorWeight())],
  ['editor-workspace', () => import('../bench/editor-workspace.bench').then((m) => m.benchEditorWorkspace())],
];

const rows: BudgetRow[] = [];
/** Sections that threw: reported, and the run goes on, so one broken section does not cost the others' figures. */
const broken: string[] = [];
for (const [name, run] of sections) {
  if (only.length > 0 && !only.includes(name)) continue;
  process.stdout.write(`▶ ${name} … `);
  const started = Date.now();
  try {
    rows.push(...(await run()));
    console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    broken.push(name);
    console.log(`failed after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.error(error);
  }
}

const table = formatTable(rows);
console.log(`\n${table}\n`);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, rows: rows.map((r) => ({ ...r, pass: isBudget(r) ? passes(r) : null })) }, null, 2)}\n`,
);
writeFileSync(
  'bench/results.md',
  `# Benchmark results\n\n${new Date().toISOString()}, Node ${process.version}\n\n${table}\n`,
);
const budgets = rows.filter(isBudget);
const failed = budgets.filter((r) => !passes(r));
const infos = rows.length - budgets.length;
const explained = infos > 0 ? ` (and ${infos} diagnostic row${infos === 1 ? '' : 's'} without a verdict)` : '';
console.log(
  failed.length === 0
    ? `All ${budgets.length} budgets met${explained}.`
    : `${failed.length} of ${budgets.length} budgets missed${explained}.`,
);
if (broken.length > 0)
  console.log(
    `${broken.length} section${broken.length === 1 ? '' : 's'} failed to run, so their budgets are not in the table: ${broken.join(', ')} (the errors are above; npm run bench -- ${broken.join(' ')} runs them alone).`,
  );
process.exit(failed.length === 0 && broken.length === 0 ? 0 : 1);
