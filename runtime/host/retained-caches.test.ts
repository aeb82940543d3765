import { describe, expect, it } from 'vitest';
import { clearRetainedCaches, hasRetainedCache, RETAINED_CACHES, retainedCache } from './retained-caches';

describe('retainedCache', () => {
  it('gives the same cache back for the same dataKey, so a revisited scenario keeps its data', () => {
    const first = retainedCache('scenario-a');
    first.set('customer', { data: 'Anna' });
    expect(retainedCache('scenario-a').get('customer')).toEqual({ data: 'Anna' });
    expect(retainedCache('scenario-b')).not.toBe(first);
  });

  it(`keeps at most ${RETAINED_CACHES}, dropping the least recently used`, () => {
    retainedCache('keep-me');
    for (let i = 0; i < RETAINED_CACHES - 1; i++) retainedCache(`filler-${i}`);
    retainedCache('keep-me');
    retainedCache('one-more');
    expect(hasRetainedCache('keep-me')).toBe(true);
    expect(hasRetainedCache('filler-0')).toBe(false);
  });
});

describe('clearRetainedCaches', () => {
  it('empties every cache, the one still mounted too: data is cleared when the session ends', () => {
    const mounted = retainedCache('customer-session');
    mounted.set('customer', { data: 'Anna' });
    clearRetainedCaches();
    expect(mounted.size).toBe(0);
    expect(hasRetainedCache('customer-session')).toBe(false);
  });
});
