import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findExcessNesting, MAX_DOCUMENT_DEPTH } from './json-depth';
import { validateDocument } from './index';

/** Depth by recursion: fine for the shipped configs, and an independent measure of what the scanner counts. */
function depth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depth));
}

describe('nesting depth', () => {
  it('leaves generous room over the deepest shipped config', () => {
    const depths = readdirSync('config')
      .filter((f) => f.endsWith('.json'))
      .map((f) => depth(JSON.parse(readFileSync(`config/${f}`, 'utf8'))));
    const deepest = Math.max(...depths);
    console.log(`deepest shipped config: ${deepest} levels; limit ${MAX_DOCUMENT_DEPTH}`);
    expect(deepest * 4).toBeLessThanOrEqual(MAX_DOCUMENT_DEPTH);
    for (const f of readdirSync('config').filter((name) => name.endsWith('.json')))
      expect(findExcessNesting(readFileSync(`config/${f}`, 'utf8')), f).toBeUndefined();
  });

  it('counts objects and arrays, not brackets inside strings or escaped quotes', () => {
    expect(findExcessNesting('{"a": [1, {"b": 2}]}', 3)).toBeUndefined();
    expect(findExcessNesting('{"a": [1, {"b": 2}]}', 2)).toEqual({
      limit: 2,
      offset: '{"a": [1, '.length,
      pointer: '/a/1',
    });
    const tricky = '{"[[[": "\\"{{{{", "x": []}';
    expect(findExcessNesting(tricky, 1)).toEqual({ limit: 1, offset: tricky.indexOf('[]'), pointer: '/x' });
  });

  it('names the pointer with escaped keys and array indexes', () => {
    expect(findExcessNesting('{"a/b": {"c~d": [0, 1, [[]]]}}', 3)?.pointer).toBe('/a~1b/c~0d/2');
  });

  it('scans 250,000 unclosed brackets without recursing', () => {
    expect(findExcessNesting('['.repeat(250_000))).toMatchObject({
      limit: MAX_DOCUMENT_DEPTH,
      offset: MAX_DOCUMENT_DEPTH,
    });
  });
});

describe('the validator refuses too-deep documents before parsing them', () => {
  it('answers one too-deep problem with line, column and pointer instead of overflowing the stack', () => {
    const deep = `{\n  "locale": ${'['.repeat(10_000)}${']'.repeat(10_000)}\n}`;
    const result = validateDocument({ id: 'de-DE', file: 'config/de-DE.json', text: deep });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'too-deep',
        file: 'config/de-DE.json',
        line: 2,
        column: 13 + MAX_DOCUMENT_DEPTH - 1,
        pointer: `/locale${'/0'.repeat(MAX_DOCUMENT_DEPTH - 1)}`,
      }),
    ]);
    expect(result.problems[0]!.message).toContain(`deeper than ${MAX_DOCUMENT_DEPTH} levels`);
  });
});
