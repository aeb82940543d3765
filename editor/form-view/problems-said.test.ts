import { describe, expect, it } from 'vitest';
import type { Problem } from '../../schemas/validator';
import { problemsSaid } from './problems-said';

const problem = (overrides: Partial<Problem> = {}): Problem => ({
  code: 'schema',
  file: 'draft de-DE',
  line: 12,
  column: 5,
  pointer: '/header/public/navItems/0/title',
  message: 'must NOT have fewer than 1 characters',
  ...overrides,
});

describe('problemsSaid', () => {
  it('is the same when only the position moved (text typed above the problem)', () => {
    expect(problemsSaid([problem({ line: 40, column: 1 })])).toBe(problemsSaid([problem()]));
  });

  it('differs when a problem is added, fixed, moved to another field or says something else', () => {
    const said = problemsSaid([problem()]);
    expect(problemsSaid([])).not.toBe(said);
    expect(problemsSaid([problem(), problem({ pointer: '/locale' })])).not.toBe(said);
    expect(problemsSaid([problem({ pointer: '/header/public/navItems/1/title' })])).not.toBe(said);
    expect(problemsSaid([problem({ message: 'must be string' })])).not.toBe(said);
    expect(problemsSaid([problem({ hint: 'Give the item a title.' })])).not.toBe(said);
  });
});
