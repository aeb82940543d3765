import { startTransition, useEffect, useState } from 'react';

/** The longest the footer waits for a loading header: on a slow network it then renders anyway. */
export const FOOTER_WAIT_MS = 1000;

/**
 * False while the header has not yet finished loading (for at most FOOTER_WAIT_MS after mount), then true
 * for good. The Shell renders its footer through it.
 *
 * The footer needs no customer data, but its first render is the shell's largest (~50-90 ms on a slow
 * machine) and cannot be interrupted. Rendered beside the loading header, it ran just as the header's last
 * answers came in, and the complete header waited for it (issue 4's first-visit budget; docs/api-calls.md).
 * So it follows the header instead: in a transition once the header has its data, which lets the browser
 * paint the header first and lets a click interrupt the footer's render. Appearing below everything else,
 * it moves nothing already on screen (no layout shift).
 */
export function useAfterHeaderLoads(headerLoading: boolean): boolean {
  const [ready, setReady] = useState(!headerLoading);
  useEffect(() => {
    if (ready) return undefined;
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
