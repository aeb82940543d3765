/**
 * npm run build:configs [-- --dir config --out dist/configs]
 * Validates a config directory as a set and writes manifest.json, one content-hashed file per
 * document and the prerendered fragments (fragments/: each locale's visitor header and footer, and their
 * stylesheet; docs/rendering.md#fragments), byte-identical to what the config service publishes from the
 * same documents in the same year. Exit 0 on success, 1 on any problem (nothing written), 2 on bad usage.
 */
import { formatProblem } from '../schemas/validator/index';
import { buildConfigs } from '../server/publish/build-configs';

const USAGE = 'usage: npm run build:configs -- [--dir <config directory>] [--out <output directory>]';

function parseArgs(argv: string[]): { dir: string; out: string } {
  const options = { dir: 'config', out: 'dist/configs' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg !== '--dir' && arg !== '--out') fail(`unknown argument "${arg}"`);
    const value = argv[++i];
    if (!value) fail(`${arg} needs a path`);
    options[arg === '--dir' ? 'dir' : 'out'] = value;
  }
  return options;
}

function fail(message: string): never {
  console.error(`build:configs: ${message}\n${USAGE}`);
  process.exit(2);
}

const { dir, out } = parseArgs(process.argv.slice(2));
let result;
try {
  result = await buildConfigs(dir, out);
} catch (error) {
  fail(`cannot build from ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
}
if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  console.error(`✗ ${result.problems.length} problem(s); nothing was written to ${out}`);
  process.exit(1);
}
for (const file of [...result.files, ...result.fragments]) console.log(`  ${file.file}  ${file.bytes.length} bytes`);
console.log(
  `✓ ${result.files.length} documents, ${result.fragments.length} fragment files and manifest.json written to ${out}`,
);
// The configs are valid and written; a locale without fragments is a component to fix (docs/rendering.md#fragments).
for (const problem of result.fragmentProblems) console.warn(`⚠ no fragments for ${problem}`);
