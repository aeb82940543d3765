import { startTransition, useEffect, useState } from 'react';
import { useFromServerMarkup } from './use-hydrating';

/** The longest the footer waits for a loading header: on a slow network it then renders anyway. */
export const FOOTER_WAIT_MS = 1000;

/**
 * Whether this document has shown a footer. The wait only pays off on the page's first render; a Shell
 * mounted later (an account switch starts a new data cache and remounts it) shows its footer at once, since a
 * footer that vanished until the new customer's header loads would make the page jump.
 */
let shownInThisDocument = false;

/**
 * False while the page's first header has not yet finished loading (for at most FOOTER_WAIT_MS after mount),
 * then true for good. The Shell renders its footer through it.
 *
 * The footer needs no customer data, but its first render is the shell's largest (~50-90 ms on a slow
 * machine) and cannot be interrupted. Rendered beside the loading header, it ran just as the header's last
 * answers came in, and the complete header waited for it (against the first-visit budget in docs/api-calls.md).
 * So it follows the header instead: in a transition once the header has its data, which lets the browser
 * paint the header first and lets a click interrupt the footer's render. Appearing below everything else,
 * it moves nothing already on screen (no layout shift).
 *
 * Server markup holds the footer whether the header loads or not (it needs no customer data, and the server's
 * render costs the browser nothing), so the render that hydrates it keeps it (docs/rendering.md#hydration).
 */
export function useAfterHeaderLoads(headerLoading: boolean): boolean {
  const fromServer = useFromServerMarkup();
  const [ready, setReady] = useState(() => fromServer || shownInThisDocument || !headerLoading);
  useEffect(() => {
    if (ready) {
      shownInThisDocument = true;
      return undefined;
    }
    const show = () => startTransition(() => setReady(true));
    if (!headerLoading) {
      show();
      return undefined;
    }
    const timer = setTimeout(show, FOOTER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [ready, headerLoading]);
  return ready;
}

/** Tests: the next Shell renders as on a first visit again. */
export function forgetShownFooter(): void {
  shownInThisDocument = false;
}
