/**
 * What the embed build puts in place of `use-sync-external-store/shim` (scripts/build-embed.ts). SWR imports
 * that shim so it runs on React 16 and 17; the script bundles React 19, whose own useSyncExternalStore the
 * shim hands on to anyway, so its fallback code is dead weight in the one script a page loads.
 */
export { useSyncExternalStore } from 'react';
