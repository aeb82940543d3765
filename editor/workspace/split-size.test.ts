import { describe, expect, it } from 'vitest';
import { DEFAULT_SPLIT, parseSplit, readSplit, SPLIT_STORAGE_KEY, writeSplit } from './split-size';

describe('the remembered split', () => {
  it('reads back what was written', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    writeSplit([62.345, 37.655], storage);
    expect(store.get(SPLIT_STORAGE_KEY)).toBe('[62.3,37.7]');
    expect(readSplit(storage)).toEqual([62.3, 37.7]);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', 'wide'],
    ['one size', '[60]'],
    ['a preview under its minimum', '[90,10]'],
    ['sizes that do not add up', '[60,60]'],
    ['strings', '["60","40"]'],
  ])('falls back to the default for %s', (_, stored) => {
    expect(parseSplit(stored)).toEqual([...DEFAULT_SPLIT]);
  });

  it('a storage that throws costs only the memory', () => {
    const denied = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSplit(denied)).toEqual([...DEFAULT_SPLIT]);
    expect(() => writeSplit([50, 50], denied)).not.toThrow();
  });
});
