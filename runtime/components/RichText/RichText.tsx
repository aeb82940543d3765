import { Box, type BoxProps } from '@chakra-ui/react';
import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize-rich-text';

export interface RichTextProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  html: string;
}

/** Renders config HTML (e.g. the footer disclaimer) after sanitising it with DOMPurify. */
export function RichText({ html, ...rest }: RichTextProps) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <Box
      css={{
        '& p, & ul, & h1, & h2, & h3, & h4, & h5, & h6': { mb: '3' },
        '& :is(p, ul, h1, h2, h3, h4, h5, h6):last-child': { mb: '0' },
        '& ul': { listStyleType: 'disc', ps: '5' },
        '& a': { textDecoration: 'underline', color: 'inherit' },
        '& strong, & h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 'bold' },
        '& em': { fontStyle: 'italic' },
        '& u': { textDecoration: 'underline' },
        '& del': { textDecoration: 'line-through' },
        '& sup, & sub': { fontSize: '0.75em', lineHeight: '0' },
        '& sup': { verticalAlign: 'super' },
        '& sub': { verticalAlign: 'sub' },
      }}
      {...rest}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
