import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { appendErrorsInPlace } from './ajv-instance';

/** A recursive list, so Ajv compiles a function per level and collects the called function's errors. */
const schema = {
  $id: 'https://example.test/list',
  type: 'array',
  items: { anyOf: [{ type: 'string' }, { $ref: '#' }] },
};

function compile(process?: (code: string) => string) {
  const sources: string[] = [];
  const ajv = new Ajv2020({
    allErrors: true,
    code: { process: (code: string) => (sources.push(code), process ? process(code) : code) },
  });
  return { validate: ajv.compile(schema), sources };
}

describe('appendErrorsInPlace (linear error collection)', () => {
  it("rewrites every place Ajv's generated code concatenates a called function's errors", () => {
    const plain = compile();
    expect(plain.sources.join('\n'), 'Ajv no longer generates the pattern: check appendErrorsInPlace').toContain(
      'vErrors.concat(',
    );
    expect(plain.sources.map(appendErrorsInPlace).join('\n')).not.toContain('.concat(');
  });

  it('reports the same errors as Ajv without the rewrite', () => {
    const data = [1, ['a', 2, [3, 'b']], 4];
    const plain = compile();
    const rewritten = compile(appendErrorsInPlace);
    expect(rewritten.validate(data)).toBe(false);
    plain.validate(data);
    expect(rewritten.validate.errors).toEqual(plain.validate.errors);
    expect(rewritten.validate.errors!.length).toBeGreaterThan(4);
  });
});
