import { describe, expect, it } from 'vitest';
import { pointerAtOffset, pointerRange } from './pointer-range';

const text = `{
  "header": {
    "navItems": [
      { "id": "sparen", "title": "Sparen" },
      { "id": "a/b", "title": "Anlegen" }
    ]
  }
}`;

describe('pointer ⇄ range in the JSON text', () => {
  it('selects the whole value at a pointer', () => {
    const range = pointerRange(text, '/header/navItems/1')!;
    expect(text.slice(range.start, range.end)).toBe('{ "id": "a/b", "title": "Anlegen" }');
    expect(range.pointer).toBe('/header/navItems/1');
    const title = pointerRange(text, '/header/navItems/0/title')!;
    expect(text.slice(title.start, title.end)).toBe('"Sparen"');
  });

  it('falls back to the nearest existing ancestor, and says so', () => {
    const range = pointerRange(text, '/header/navItems/7/title')!;
    expect(range.pointer).toBe('/header/navItems');
    expect(text.slice(range.start, range.start + 1)).toBe('[');
    expect(pointerRange('{ not json', '/a')).not.toBeNull();
    expect(pointerRange('', '/a')).toBeNull();
  });

  it('names the pointer under the caret', () => {
    expect(pointerAtOffset(text, text.indexOf('Anlegen'))).toBe('/header/navItems/1/title');
    expect(pointerAtOffset(text, text.indexOf('"id": "a/b"') + 1)).toBe('/header/navItems/1/id');
  });
});
