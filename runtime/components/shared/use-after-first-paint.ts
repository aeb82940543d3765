import { useDeferredValue } from 'react';
import { useFromServerMarkup } from './use-hydrating';

/**
 * False on a component's first render, true in a transition React runs right after it commits. Closed
 * dropdown and mobile panels render their lists through it: the visible header (bar, balances, badges)
 * commits first, and the hidden lists (about a third of the header's elements, ~30-50 ms on a slow
 * machine) follow in a render React can interrupt for a click. The panels themselves are there from the
 * first render, so aria-controls always points at an element, and the lists join them a moment later
 * (still in the DOM while closed, for crawlers). Callers render the list when `open || afterFirstPaint`,
 * so a panel opened before the transition has run still shows its items.
 *
 * On the server, and while hydrating its markup, it is true from the start: the lists are in the HTML for
 * crawlers and for visitors without JavaScript (docs/rendering.md#what-is-server-rendered), and hydrating them
 * costs no render of their own.
 */
export function useAfterFirstPaint(): boolean {
  const fromServer = useFromServerMarkup();
  const deferred = useDeferredValue(true, false);
  return fromServer || deferred;
}
