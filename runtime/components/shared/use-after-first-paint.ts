import { useDeferredValue } from 'react';

/**
 * False on a component's first render, true in a transition React runs right after it commits. Closed
 * dropdown and mobile panels render their lists through it: the visible header (bar, balances, badges)
 * commits first, and the hidden lists (about a third of the header's elements, ~30-50 ms on a slow
 * machine) follow in a render React can interrupt for a click. The panels themselves are there from the
 * first render, so aria-controls always points at an element, and the lists join them a moment later
 * (still in the DOM while closed, for crawlers). Callers render the list when `open || afterFirstPaint`,
 * so a panel opened before the transition has run still shows its items.
 */
export function useAfterFirstPaint(): boolean {
  return useDeferredValue(true, false);
}
