import { useEffect } from 'react';

/**
 * Stops the page behind an open overlay (mobile menu panel, market dialog) from scrolling.
 * The previous inline value is restored on unlock and on unmount, so nested or unrelated locks
 * set by the host page are not clobbered.
 */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { style } = document.body;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, [active]);
}
