/**
 * npm run lint:cycles (part of npm run lint)
 * Fails when files, or two folders, import each other (scripts/import-graph.ts says how they are counted,
 * docs/architecture.md#boundaries why), unless scripts/cycle-baseline.ts lists the cycle; fails too when a
 * listed cycle is gone. Exit 0 when clean, 1 with one paragraph per problem.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_CYCLES, SOURCE_ROOTS } from './cycle-baseline';
import { cycleProblems, findCycles, readSources } from './import-graph';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = readSources(repoRoot, SOURCE_ROOTS);
const cycles = findCycles(files);
const problems = cycleProblems(cycles, KNOWN_CYCLES);
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`lint:cycles: ${problems.length} problem(s) in ${files.size} files`);
  process.exit(1);
}
console.log(
  `lint:cycles: no new import cycles in ${files.size} files (${cycles.length} known, listed in scripts/cycle-baseline.ts)`,
);
