import { useSyncExternalStore } from 'react';

/** From this width the editor and the preview sit side by side (docs/editor-workspace.md#layout); below it, a toggle. */
export const SIDE_BY_SIDE_MIN_WIDTH = 1200;
const QUERY = `(min-width: ${SIDE_BY_SIDE_MIN_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the window is wide enough for the side-by-side workspace; follows resizes. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
