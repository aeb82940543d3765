/**
 * What npm run lint:cycles checks (scripts/check-cycles.ts): the folders it reads, and the cycles that were
 * there when the check came in, each with the cut that removes it. A new cycle fails the check, and so does
 * a listed one that is gone, so this list only shrinks (docs/architecture.md#boundaries).
 */

/** Every folder that holds TypeScript the build, the server, the benchmarks or the tests load. */
export const SOURCE_ROOTS = ['runtime', 'editor', 'server', 'schemas', 'mocks', 'scripts', 'tests', 'bench'] as const;

/** Cycle (its members joined by " ↔ ", as cycleKey names it) → the cut that removes it. */
export const KNOWN_CYCLES: Readonly<Record<string, string>> = {};
