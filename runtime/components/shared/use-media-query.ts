import { useCallback, useSyncExternalStore } from 'react';

/**
 * Subscribes to a CSS media query. Used only where behaviour (not just looks) changes with the
 * viewport: a modal instead of a dropdown, or closing the mobile panel when the desktop bar appears.
 * Layout differences use responsive style props instead, so they apply before any script runs.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
