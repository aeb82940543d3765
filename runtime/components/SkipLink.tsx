export interface SkipLinkProps {
  targetId: string;
  /** strings.header.skipToContent */
  label: string;
}

/** First focusable element on the page: hidden until focused, then jumps past the header (WCAG 2.4.1). Styled by skip-link.css. */
export function SkipLink({ targetId, label }: SkipLinkProps) {
  return (
    <a href={`#${targetId}`} className="ps-root ps-skip-link">
      {label}
    </a>
  );
}
