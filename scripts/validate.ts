/**
 * npm run validate [-- --dir <path>] [--json]
 * Validates every document in a config directory. Exit 0 when clean, 1 on any problem, 2 on bad usage.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { failFor, parseCliArgs, type Fail } from './cli-args';
import { formatProblem, validateDocumentSet, type SourceFile } from '../schemas/validator/index';

const USAGE = 'usage: npm run validate -- [--dir <config directory>] [--json]';

const fail: Fail = failFor('validate');
const args = parseCliArgs('validate', USAGE, process.argv.slice(2), ['--json']);
const dir = args.dir ?? 'config';
const json = args.switches.has('--json');
let names: string[];
try {
  if (!statSync(dir).isDirectory()) fail(`${dir} is not a directory`);
  names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
} catch (error) {
  fail(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
}
const label = path.relative(process.cwd(), path.resolve(dir)) || '.';
const files: SourceFile[] = names.map((name) => ({ file: path.join(label, name), bytes: readFileSync(path.join(dir, name)) }));
const started = performance.now();
const report = validateDocumentSet(files, { requireAll: true, dirLabel: label });
const ms = performance.now() - started;

if (json) {
  console.log(JSON.stringify({ ok: report.ok, files: files.length, problems: report.problems }, null, 2));
} else {
  for (const problem of report.problems) console.log(formatProblem(problem));
  const summary = report.ok
    ? `✓ ${files.length} documents in ${label} are valid (${ms.toFixed(0)} ms)`
    : `✗ ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in ${new Set(report.problems.map((p) => p.file)).size} of ${files.length} documents`;
  console.log(summary);
}
process.exit(report.ok ? 0 : 1);
