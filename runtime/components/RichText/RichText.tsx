import { createContext, useContext, useEffect, useRef, useState, type ComponentProps } from 'react';
import { useFromServerMarkup } from '../shared/use-hydrating';

/**
 * How the server render cleans rich text, where DOMPurify has no DOM: the render entry point provides
 * sanitizeRichTextOnServer (sanitize-rich-text.server.ts). Without it the first render leaves the text to the browser.
 */
const ServerSanitizer = createContext<((html: string) => string) | undefined>(undefined);
export const RichTextServerSanitizer = ServerSanitizer.Provider;

export interface RichTextProps extends Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/**
 * Renders config HTML (e.g. the footer disclaimer), sanitised; styled by rich-text.css.
 *
 * The first render is the server's sanitised text (or nothing, in a browser), so the server can send the text in
 * its HTML and hydration keeps that markup as it is (React leaves a hydrated element's innerHTML alone, hence
 * suppressHydrationWarning). DOMPurify (≈11 KB gzip) loads after that render, off the first bundle, and its
 * result replaces the markup: the browser's own cleaning always has the last word.
 *
 * When the text on screen is the server's, that re-cleaning waits for the browser to be idle (at most
 * IDLE_WAIT_MS): right after hydration, a logged-in customer's second round of header calls is answering, and
 * loading, evaluating and running DOMPurify then held the main thread the answers needed (docs/rendering.md#hydration).
 * Without server markup the text shows only once cleaned, so it loads at once.
 */
export function RichText({ html, className, ...rest }: RichTextProps) {
  const sanitizeOnServer = useContext(ServerSanitizer);
  // Whether the text on screen is still the one the server sent (only until the first cleaning runs).
  const showsServerText = useRef(useFromServerMarkup());
  const [clean, setClean] = useState<{ html: string; clean: string }>();
  useEffect(() => {
    let current = true;
    const load = () => {
      showsServerText.current = false;
      void import('./sanitize-rich-text').then(({ sanitizeRichText }) => {
        if (current) setClean({ html, clean: sanitizeRichText(html) });
      });
    };
    const cancelWait = showsServerText.current ? whenIdle(load, IDLE_WAIT_MS) : (load(), undefined);
    return () => {
      current = false;
      cancelWait?.();
    };
  }, [html]);
  const sanitized = clean?.html === html;
  const markup = sanitized ? clean.clean : (sanitizeOnServer?.(html) ?? '');
  return (
    <div
      className={className ? `ps-rich-text ${className}` : 'ps-rich-text'}
      {...rest}
      // Present once the browser's sanitiser has cleaned the current text: what tests of the shown markup wait for.
      data-sanitized={sanitized ? '' : undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/** The longest the browser's re-cleaning of server-sent text waits for an idle moment. */
export const IDLE_WAIT_MS = 2000;

/** Runs `task` when the browser is idle, at most `timeout` ms from now (a timer where requestIdleCallback is missing); returns the cancel. */
function whenIdle(task: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, timeout);
  return () => clearTimeout(id);
}
