/**
 * npm run structure: the size budgets of docs/architecture.md#size-budgets against the code as it is.
 * Prints each figure beside its budget; with --check it exits 1 when one is missed.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_CYCLES, SOURCE_ROOTS } from './cycle-baseline';
import { cycleKey, findCycles, readSources } from './import-graph';
import { BUDGETS, structureReport, type Located } from './structure-report';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--check');
if (unknown.length > 0) {
  console.error(`structure: unknown argument ${unknown.join(' ')}\nusage: npm run structure [-- --check]`);
  process.exit(2);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = readSources(repoRoot, SOURCE_ROOTS);
const report = structureReport(files);
const cycles = findCycles(files).filter((cycle) => !(cycleKey(cycle) in KNOWN_CYCLES));
const editorShare = (report.linesByFolder.get('editor') ?? 0) / report.codeLines;

const rows: [string, string, string, boolean][] = [
  [
    'editor/ share of code lines',
    `${(editorShare * 100).toFixed(1)} %`,
    `≤ ${BUDGETS.editorShare * 100} %`,
    editorShare <= BUDGETS.editorShare,
  ],
  [`files over ${BUDGETS.fileLines} lines`, String(report.longFiles.length), '0', report.longFiles.length === 0],
  [
    `functions over ${BUDGETS.functionLines} lines`,
    String(report.longFunctions.length),
    '0',
    report.longFunctions.length === 0,
  ],
  ['import cycles', String(cycles.length), '0', cycles.length === 0],
  ['application code importing test support', String(report.wrongWay.length), '0', report.wrongWay.length === 0],
];

console.log(`structure: ${report.codeLines} lines of code in ${files.size} files (tests and generated files left out)`);
for (const [name, value, budget, ok] of rows)
  console.log(`${ok ? '✓' : '✗'} ${name.padEnd(42)} ${value.padStart(8)}   budget ${budget}`);
console.log('lines of code by folder:');
for (const [folder, lines] of [...report.linesByFolder].sort((a, b) => b[1] - a[1]))
  console.log(
    `  ${folder.padEnd(10)} ${String(lines).padStart(6)}  ${((lines / report.codeLines) * 100).toFixed(1).padStart(5)} %`,
  );
const list = (title: string, items: readonly Located[]) => {
  if (items.length === 0) return;
  console.log(title);
  for (const item of items)
    console.log(`  ${String(item.lines).padStart(4)}  ${item.file}${item.name ? ` ${item.name}` : ''}`);
};
list(`files over ${BUDGETS.fileLines} lines:`, report.longFiles);
list(`functions over ${BUDGETS.functionLines} lines:`, report.longFunctions);
for (const edge of report.wrongWay) console.log(`  wrong way: ${edge}`);

if (args.includes('--check') && rows.some(([, , , ok]) => !ok)) process.exit(1);
