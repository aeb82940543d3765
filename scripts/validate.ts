/**
 * npm run validate [-- --dir <path>] [--json]
 * Validates every document in a config directory. Exit 0 when clean, 1 on any problem, 2 on bad usage.
 */
import { failFor, parseCliArgs, readConfigDir, type Fail } from './cli-args';
import { formatProblem, validateDocumentSet } from '../schemas/validator/index';

const USAGE = 'usage: npm run validate -- [--dir <config directory>] [--json]';

const fail: Fail = failFor('validate');
const args = parseCliArgs('validate', USAGE, process.argv.slice(2), ['--json']);
const dir = args.dir ?? 'config';
const json = args.switches.has('--json');
const { label, files } = readConfigDir(dir, fail);
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
