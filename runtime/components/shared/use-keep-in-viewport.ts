import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The gap a shifted panel keeps from the viewport's edges (the panels' max-width leaves 1rem each side). */
export const VIEWPORT_MARGIN = 16;

/**
 * How far (px, positive = right) a panel whose unshifted left edge is at `left` must move so that all of it
 * is inside the viewport, `margin` from each edge. A panel wider than the room left keeps its left edge at
 * the margin, so its start, where reading begins, stays visible.
 */
export function viewportShift(left: number, width: number, viewportWidth: number, margin = VIEWPORT_MARGIN): number {
  if (width <= 0) return 0; // not laid out (closed, or a test DOM)
  const maxLeft = Math.max(margin, viewportWidth - margin - width);
  if (left > maxLeft) return maxLeft - left;
  if (left < margin) return margin - left;
  return 0;
}

/**
 * A dropdown hangs from its trigger, and a wide one (up to 872 px, docs/rules.md#design-versions) from a trigger near the middle of
 * a 1024-1440 px bar reaches past an edge whichever side it aligns to. While `open`, this measures the panel
 * and returns the horizontal shift that brings it back inside the viewport (again on resize).
 */
export function useKeepInViewport(ref: RefObject<HTMLElement | null>, open: boolean): number {
  const [shift, setShift] = useState(0);
  const applied = useRef(0);
  useLayoutEffect(() => {
    if (!open) return undefined;
    const place = () => {
      const panel = ref.current;
      if (!panel) return;
      const rect = panel.getBoundingClientRect();
      const next = viewportShift(rect.left - applied.current, rect.width, document.documentElement.clientWidth);
      applied.current = next;
      setShift(next);
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [ref, open]);
  return open ? shift : 0;
}
