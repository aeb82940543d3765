/** How many data caches stay in memory; the oldest-used goes first. */
export const RETAINED_CACHES = 8;

// SWR's Cache<any> is a Map of its own state records; their shape is SWR's business, not ours.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SwrCacheMap = Map<string, any>;
const caches = new Map<string, SwrCacheMap>();

/**
 * The SWR cache of one dataKey, kept after its screen unmounts: coming back to a scenario within the
 * 5-minute dedupe window (a product owner flipping personas in the editor's preview, a customer whose
 * identity did not change) shows its data at once instead of fetching it again, as SWR would within one
 * mounted cache. Insertion order doubles as recency: a used key moves to the end.
 */
export function retainedCache(dataKey: string): SwrCacheMap {
  const cache = caches.get(dataKey) ?? (new Map() as SwrCacheMap);
  caches.delete(dataKey);
  caches.set(dataKey, cache);
  while (caches.size > RETAINED_CACHES) caches.delete(caches.keys().next().value!);
  return cache;
}

/** Whether a cache for this dataKey is held (the preview then skips prefetching what it already has). */
export function hasRetainedCache(dataKey: string): boolean {
  return caches.has(dataKey);
}

/**
 * docs/rules.md#logout: when the session ends (logout, expiry, failed refresh) the data is cleared. Empties every cache
 * in place, the mounted one too, so nothing of the customer stays in memory for the next visitor.
 */
export function clearRetainedCaches(): void {
  for (const cache of caches.values()) cache.clear();
  caches.clear();
}
