import type { Problem } from '../../schemas/validator';
import { fieldPointerOf, saveBlockReason, toProblemRows } from './problem-rows';
import { buildContext, validateText } from './validate-text';

const problem: Problem = {
  code: 'schema',
  file: 'draft it-IT',
  line: 5,
  column: 15,
  pointer: '/basePath',
  message: 'expected string, got number',
  hint: 'wrap the value in double quotes',
};

describe('toProblemRows', () => {
  it('gives each problem its pointer, line:col, message, hint and click target', () => {
    expect(toProblemRows([problem])).toEqual([
      {
        key: '0:schema:/basePath:5:15',
        code: 'schema',
        pointer: '/basePath',
        location: '5:15',
        line: 5,
        column: 15,
        message: 'expected string, got number',
        hint: 'wrap the value in double quotes',
        summary: 'draft it-IT:5:15  /basePath  expected string, got number  (hint: wrap the value in double quotes)',
        target: '/basePath',
      },
    ]);
  });

  it('shows the root pointer as / and leaves out a missing hint', () => {
    const [row] = toProblemRows([{ ...problem, pointer: '', hint: undefined }]);
    expect(row?.pointer).toBe('/');
    expect(row).not.toHaveProperty('hint');
  });
});

describe('fieldPointerOf', () => {
  it('points a missing key at the field that would hold it, anything else at its own pointer', () => {
    expect(fieldPointerOf({ pointer: '/header/public/navItems/0', message: 'missing required key "title"' })).toBe(
      '/header/public/navItems/0/title',
    );
    expect(fieldPointerOf({ pointer: '', message: 'missing required key "footer"' })).toBe('/footer');
    expect(fieldPointerOf({ pointer: '/basePath', message: 'expected string, got number' })).toBe('/basePath');
  });
});

describe('saveBlockReason', () => {
  it('says why a save is blocked, and nothing when it is not', () => {
    expect(saveBlockReason(0)).toBeUndefined();
    expect(saveBlockReason(1)).toBe('Saving is blocked: the draft has 1 problem. Fix it first (see the problem list).');
    expect(saveBlockReason(3)).toMatch(/3 problems\. Fix them first/);
  });
});

describe('validateText (the shared validator, as the editor calls it)', () => {
  const context = buildContext({ flags: [{ id: 'newDashboard' }] }, ['de-DE']);

  it('reports JSON syntax errors with their position', () => {
    const [first] = validateText('markets', '{\n  "markets": [\n', context);
    expect(first?.code).toBe('json-syntax');
    expect(first?.line).toBeGreaterThan(1);
  });

  it('returns nothing for an unknown document id', () => {
    expect(validateText('xx-XX', '{', context)).toEqual([]);
  });
});
