import { describe, expect, it } from 'vitest';
import { longFunctionsIn, structureReport } from './structure-report';

const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('structure report', () => {
  it('names a function, an arrow bound to a variable and a method longer than the limit, and no shorter one', () => {
    const text = [
      `function long() {\n${body(6)}\n}`,
      `const arrow = () => {\n${body(6)}\n};`,
      `class A {\n  method() {\n${body(6)}\n  }\n}`,
      `function short() {\n${body(5)}\n}`,
    ].join('\n');
    expect(longFunctionsIn('a.ts', text, 5)).toEqual([
      { file: 'a.ts', name: 'long', lines: 6 },
      { file: 'a.ts', name: 'arrow', lines: 6 },
      { file: 'a.ts', name: 'method', lines: 6 },
    ]);
  });

  it('counts code lines per folder without tests or generated files, and lists files over 400 lines', () => {
    const report = structureReport(
      new Map([
        ['editor/a.ts', 'x\n'.repeat(401)],
        ['editor/a.test.ts', 'x\n'.repeat(500)],
        ['runtime/b.ts', 'x\n'.repeat(99)],
        ['schemas/generated/config-types.ts', 'x\n'.repeat(900)],
        ['tests/page.spec.ts', 'x\n'.repeat(900)],
      ]),
    );
    expect(Object.fromEntries(report.linesByFolder)).toEqual({ editor: 401, runtime: 99 });
    expect(report.codeLines).toBe(500);
    expect(report.longFiles).toEqual([{ file: 'editor/a.ts', name: '', lines: 401 }]);
  });

  it('flags application code that imports test support, but not a bench or a test doing so', () => {
    const report = structureReport(
      new Map([
        ['server/app.ts', "import { seed } from './test-support/seed';\n"],
        ['server/test-support/seed.ts', 'export const seed = 1;\n'],
        ['server/app.test.ts', "import { seed } from './test-support/seed';\n"],
        ['bench/load.ts', "import { seed } from '../server/test-support/seed';\n"],
      ]),
    );
    expect(report.wrongWay).toEqual(['server/app.ts → server/test-support/seed.ts']);
  });
});
