import { createContext, useContext, useEffect, useState, type ComponentProps } from 'react';

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
 */
export function RichText({ html, className, ...rest }: RichTextProps) {
  const sanitizeOnServer = useContext(ServerSanitizer);
  const [clean, setClean] = useState<{ html: string; clean: string }>();
  useEffect(() => {
    let current = true;
    void import('./sanitize-rich-text').then(({ sanitizeRichText }) => {
      if (current) setClean({ html, clean: sanitizeRichText(html) });
    });
    return () => {
      current = false;
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
