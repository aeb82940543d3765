import { describeCondition, meets, simplestCondition, type Variable } from './review-conditions';

const A: Variable = { kind: 'flag', id: 'a' };
const B: Variable = { kind: 'flag', id: 'b' };
const X: Variable = { kind: 'access', id: 'X' };
const vars = [A, B, X];
/** Bit 0: a, bit 1: b, bit 2: X. */
const on = (mask: number, bit: number) => (mask & (1 << bit)) !== 0;
const say = (holds: (mask: number) => boolean) => describeCondition(simplestCondition(vars, holds));

describe('simplestCondition', () => {
  it('says nothing extra when every combination holds, and "for nobody" when none does', () => {
    expect(say(() => true)).toBe('');
    expect(say(() => false)).toBe('for nobody');
  });

  it('names one value when the others do not matter', () => {
    expect(say((m) => on(m, 0))).toBe('with a on');
    expect(say((m) => !on(m, 1))).toBe('with b off');
    expect(say((m) => !on(m, 2))).toBe('with no access X');
  });

  it('joins what must hold together with "and", and alternatives with ", or"', () => {
    expect(say((m) => on(m, 0) && !on(m, 1))).toBe('with a on and b off');
    expect(say((m) => on(m, 0) || on(m, 2))).toBe('with a on, or with access X');
    expect(say((m) => on(m, 0) !== on(m, 1))).toBe('with a off and b on, or with a on and b off');
  });

  it('is exactly the set it was given, for every set of combinations of three values', () => {
    for (let set = 0; set < 1 << 8; set++) {
      const holds = (mask: number) => (set & (1 << mask)) !== 0;
      const condition = simplestCondition(vars, holds);
      for (let mask = 0; mask < 8; mask++)
        expect(meets(condition, (v) => on(mask, vars.indexOf(vars.find((w) => w.id === v.id)!)))).toBe(holds(mask));
    }
  });
});
