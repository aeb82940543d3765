/**
 * Rendered portal pages by what they were rendered from (docs/rendering.md#the-page-cache). A key names every
 * input of the render (page-key.ts), so an entry is never stale: a publication makes new keys. The cache is
 * bounded by bytes, least recently used first out, and emptied on every publication heard of (this instance's
 * or, on PostgreSQL, another's), so pages of documents no longer published do not wait for eviction. Requests
 * for a key that is being rendered wait for that render: a burst after a publication renders each page once.
 */
import { LRUCache } from 'lru-cache';
import type { RenderedPage } from './page-render';

/** PAGE_CACHE_MB's default: about 400 pages of 113 KB with their Brotli and gzip forms, more than the locales × pages × banners in use. */
export const DEFAULT_PAGE_CACHE_MB = 64;

/** What an entry costs besides its bodies: the key, the headers, the object. */
const ENTRY_OVERHEAD_BYTES = 2048;

export function entryBytes(page: RenderedPage): number {
  return (
    page.body.byteLength +
    (page.encoded.br?.byteLength ?? 0) +
    (page.encoded.gzip?.byteLength ?? 0) +
    ENTRY_OVERHEAD_BYTES
  );
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  /** Renders started for a missing key (a render that others waited for counts once). */
  renders: number;
}

export class PageCache {
  /** Undefined when the bound is 0: every request renders (waiting for a render of the same key still shares it). */
  readonly #entries: LRUCache<string, RenderedPage> | undefined;
  readonly #maxBytes: number;
  readonly #rendering = new Map<string, Promise<RenderedPage | undefined>>();
  /** Bumped by clear(): a render that started before it is sent, but not kept. */
  #generation = 0;
  #hits = 0;
  #renders = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
    this.#entries =
      maxBytes > 0 ? new LRUCache<string, RenderedPage>({ maxSize: maxBytes, sizeCalculation: entryBytes }) : undefined;
  }

  /** The page for `key`: kept, being rendered, or rendered now by `render` (undefined: not rendered, and not kept). */
  get(key: string, render: () => Promise<RenderedPage | undefined>): Promise<RenderedPage | undefined> {
    const kept = this.#entries?.get(key);
    if (kept) {
      this.#hits++;
      return Promise.resolve(kept);
    }
    const pending = this.#rendering.get(key);
    if (pending) {
      this.#hits++;
      return pending;
    }
    this.#renders++;
    const generation = this.#generation;
    const rendering: Promise<RenderedPage | undefined> = render().finally(() => {
      if (this.#rendering.get(key) === rendering) this.#rendering.delete(key);
    });
    this.#rendering.set(key, rendering);
    return rendering.then((page) => {
      if (page && generation === this.#generation) this.#entries?.set(key, page);
      return page;
    });
  }

  /** Empties the cache (a publication). Renders under way finish for the requests that wait for them. */
  clear(): void {
    this.#generation++;
    this.#entries?.clear();
    this.#rendering.clear();
  }

  stats(): PageCacheStats {
    return {
      entries: this.#entries?.size ?? 0,
      bytes: this.#entries?.calculatedSize ?? 0,
      maxBytes: this.#maxBytes,
      hits: this.#hits,
      renders: this.#renders,
    };
  }
}
