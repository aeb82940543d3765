import { useMemo, type ComponentProps } from 'react';
import { sanitizeRichText } from './sanitize-rich-text';

export interface RichTextProps extends Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/** Renders config HTML (e.g. the footer disclaimer) after sanitising it with DOMPurify; styled by rich-text.css. */
export function RichText({ html, className, ...rest }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={className ? `ps-rich-text ${className}` : 'ps-rich-text'} {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
