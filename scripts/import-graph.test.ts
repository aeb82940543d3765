import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_CYCLES, SOURCE_ROOTS } from './cycle-baseline';
import { cycleKey, cycleProblems, findCycles, importEdges, readSources } from './import-graph';

const graph = (files: Record<string, string>) => new Map(Object.entries(files));

describe('importEdges', () => {
  it('follows imports, type imports, re-exports and import() to .ts, .tsx and index files, and skips packages', () => {
    const files = graph({
      'a/main.ts': [
        "import { x } from './x';",
        "import type { T } from '../b';",
        "export { View } from './View';",
        "const lazy = () => import('./lazy');",
        "import React from 'react';",
      ].join('\n'),
      'a/x.ts': '',
      'a/View.tsx': '',
      'a/lazy.ts': '',
      'b/index.ts': '',
    });
    expect(
      importEdges(files)
        .map(({ to }) => to)
        .sort(),
    ).toEqual(['a/View.tsx', 'a/lazy.ts', 'a/x.ts', 'b/index.ts']);
  });
});

describe('findCycles', () => {
  it('finds files that import each other through type-only imports', () => {
    const files = graph({
      'tracking/recorder.ts': "import type { Event } from './collector';\nexport const recorder = {};",
      'tracking/collector.ts': "import { recorder } from './recorder';\nexport type Event = string;",
      'tracking/tracker.ts': "import type { Event } from './collector';",
    });
    expect(findCycles(files).map(cycleKey)).toEqual(['tracking/collector.ts ↔ tracking/recorder.ts']);
  });

  it('finds two folders that import each other although no file imports itself', () => {
    const files = graph({
      'editor/audience/analysis.ts': "import { diff } from '../review/diff';",
      'editor/audience/catalog.ts': 'export const catalog = 1;',
      'editor/review/diff.ts': "import { catalog } from '../audience/catalog';",
    });
    const cycles = findCycles(files);
    expect(cycles.map(cycleKey)).toEqual(['editor/audience ↔ editor/review']);
    expect(cycles[0]!.edges).toEqual([
      { from: 'editor/audience/analysis.ts', to: 'editor/review/diff.ts' },
      { from: 'editor/review/diff.ts', to: 'editor/audience/catalog.ts' },
    ]);
  });

  it('counts no cycle between a folder and its sub-folders, nor through tests and fixtures', () => {
    const files = graph({
      'components/Shell.tsx': "import { Header } from './Header/Header';",
      'components/PageContainer.tsx': '',
      'components/Header/Header.tsx': "import { PageContainer } from '../PageContainer';",
      'data/load.ts': "import { api } from '../api/client';",
      'api/client.ts': '',
      'api/client.test.ts': "import { load } from '../data/load';",
      'api/__fixtures__/calls.ts': "import { load } from '../../data/load';",
    });
    expect(findCycles(files)).toEqual([]);
  });
});

describe('cycleProblems', () => {
  const files = graph({ 'a/one.ts': "import './two';", 'a/two.ts': "import './one';" });

  it('names an unlisted cycle with the imports to cut and where to read why', () => {
    const [problem] = cycleProblems(findCycles(files), {});
    expect(problem).toContain('import cycle: files a/one.ts, a/two.ts import each other');
    expect(problem).toContain('a/one.ts imports a/two.ts');
    expect(problem).toContain('docs/architecture.md#boundaries');
  });

  it('accepts a listed cycle, and asks for a listed cycle that is gone to be deleted from the list', () => {
    expect(cycleProblems(findCycles(files), { 'a/one.ts ↔ a/two.ts': 'cut' })).toEqual([]);
    expect(cycleProblems([], { 'a/one.ts ↔ a/two.ts': 'cut' })).toEqual([
      'known import cycle a/one.ts ↔ a/two.ts is gone: delete its entry from KNOWN_CYCLES in scripts/cycle-baseline.ts, so it cannot come back',
    ]);
  });
});

describe('this repository', () => {
  it('has no import cycle beyond those scripts/cycle-baseline.ts lists', () => {
    const files = readSources(path.resolve(import.meta.dirname, '..'), SOURCE_ROOTS);
    expect(cycleProblems(findCycles(files), KNOWN_CYCLES)).toEqual([]);
  });
});
