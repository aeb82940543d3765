import { useState, useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True on the server and in the client render that hydrates server markup, false in a client-only render
 * (docs/rendering.md#hydration). React reads a store's server snapshot in exactly those two renders, so the
 * first client render can promise the markup the server sent. Kept for the component's life: a hook that
 * showed server markup goes on showing it.
 */
export function useFromServerMarkup(): boolean {
  const hydrating = useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
  const [fromServer] = useState(hydrating);
  return fromServer;
}

/**
 * False on the server and in the render that hydrates its markup, true otherwise: for parts that only the
 * browser can render (the footer's disclaimer, sanitised by DOMPurify, which needs a DOM). They join right
 * after hydration instead of making React discard the server's markup for their boundary.
 */
export function useBrowserRender(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
