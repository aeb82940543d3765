import { useEffect, useRef } from 'react';

/** The class every top-level element of the shell carries (docs/embedding.md#versioning: not public API, but stable within the package). */
const SHELL_ROOT_CLASS = 'ps-root';

/**
 * The link a click should move the host's router to, or undefined to leave the click to the browser
 * (docs/embedding.md#react-props): only a plain left click on a same-origin link inside the shell's markup, that
 * no component handled already (consent settings and the market list call preventDefault first). Modified and
 * middle clicks, `target` and `download` links and other origins keep the browser's behaviour. Reads the composed
 * path, so it sees into an open shadow root as well.
 */
export function routedHref(event: MouseEvent, location: Pick<Location, 'href' | 'origin'>): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return undefined;
  const path = event.composedPath();
  const anchor = path.find(
    (node): node is HTMLAnchorElement =>
      (node as Element).localName === 'a' && (node as Element).hasAttribute?.('href'),
  );
  if (!anchor || !path.some((node) => (node as Element).classList?.contains(SHELL_ROOT_CLASS))) return undefined;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.getAttribute('href')!, location.href);
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/**
 * Hands plain clicks on shell links to the host's router. A listener on the document, not a wrapper element: the
 * parts render exactly the markup of the server render (runtime/render/render-shell.tsx), which hydrates only if
 * nothing was added around it. React's own handlers run first (at its root), so their preventDefault is seen here;
 * when several parts listen, the first to route a click prevents its default and the others leave it.
 */
export function useRouteLinkClicks(navigate: ((href: string) => void) | undefined): void {
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  });
  const routing = !!navigate;
  useEffect(() => {
    if (!routing) return;
    const onClick = (event: MouseEvent) => {
      const href = routedHref(event, window.location);
      if (href === undefined || !latest.current) return;
      event.preventDefault();
      latest.current(href);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [routing]);
}
