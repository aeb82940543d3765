/** The page cache (docs/rendering.md#the-page-cache): bounded by bytes, one render per key at a time, emptied on demand. */
import { describe, expect, it } from 'vitest';
import { entryBytes, PageCache } from './page-cache';
import type { RenderedPage } from './page-render';

function page(bytes: number): RenderedPage {
  return { status: 200, headers: {}, body: new Uint8Array(bytes), encoded: { br: new Uint8Array(bytes / 10) } };
}

/** A render that finishes when the test says so. */
function deferred() {
  let finish!: (value: RenderedPage | undefined) => void;
  const promise = new Promise<RenderedPage | undefined>((resolve) => (finish = resolve));
  return { promise, finish };
}

describe('PageCache', () => {
  it('keeps no more bytes than its bound, dropping the least recently used page first', async () => {
    const size = entryBytes(page(100_000));
    const cache = new PageCache(size * 3);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => page(100_000));
    await cache.get('a', async () => page(100_000));
    await cache.get('d', async () => page(100_000));
    expect(cache.stats()).toMatchObject({ entries: 3, bytes: size * 3, renders: 4, hits: 1 });
    let rendered = 0;
    await cache.get('b', async () => (rendered++, page(100_000)));
    await cache.get('a', async () => (rendered++, page(100_000)));
    expect(rendered).toBe(1);
    expect(cache.stats().bytes).toBeLessThanOrEqual(size * 3);
  });

  it('renders a key once while requests for it wait, and keeps nothing with a bound of 0', async () => {
    const cache = new PageCache(0);
    const render = deferred();
    let renders = 0;
    const waiting = Array.from({ length: 50 }, () => cache.get('k', () => (renders++, render.promise)));
    render.finish(page(10));
    expect(new Set(await Promise.all(waiting)).size).toBe(1);
    expect(renders).toBe(1);
    await cache.get('k', async () => (renders++, page(10)));
    expect([renders, cache.stats().entries]).toEqual([2, 0]);
  });

  it('does not keep a page whose render began before a clear, nor one that was not rendered', async () => {
    const cache = new PageCache(10_000_000);
    const render = deferred();
    const first = cache.get('k', () => render.promise);
    cache.clear();
    // A request after the publication renders for itself rather than wait for the older render.
    let renders = 0;
    const second = cache.get('k', async () => (renders++, page(10)));
    render.finish(page(20));
    expect((await first)!.body.byteLength).toBe(20);
    expect((await second)!.body.byteLength).toBe(10);
    expect(renders).toBe(1);
    await cache.get('full', async () => undefined);
    expect(cache.stats().entries).toBe(1);
  });
});
