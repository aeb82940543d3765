import { useEffect, useState, type RefObject } from 'react';

/**
 * How far a frame `width` px wide must shrink to fit `available` px: 1 when it fits, or when the box has not
 * been measured (0), so nothing ever renders at scale 0.
 */
export function fitScale(available: number, width: number): number {
  return available > 0 && width > available ? available / width : 1;
}

/** The element's content-box width, kept current as the window or the layout changes. 0 until measured. */
export function useContentWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry ? Math.floor(entry.contentRect.width) : 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
