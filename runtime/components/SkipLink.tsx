import { chakra } from '@chakra-ui/react';

export interface SkipLinkProps {
  targetId: string;
  /** strings.header.skipToContent */
  label: string;
}

/** First focusable element on the page: hidden until focused, then jumps past the header (WCAG 2.4.1). */
export function SkipLink({ targetId, label }: SkipLinkProps) {
  return (
    <chakra.a
      href={`#${targetId}`}
      position="absolute"
      top="2"
      left="2"
      zIndex="skipLink"
      px="4"
      py="2"
      rounded="md"
      bg="accent"
      color="accent.fg"
      fontWeight="semibold"
      transform="translateY(-200%)"
      _focus={{ transform: 'translateY(0)' }}
    >
      {label}
    </chakra.a>
  );
}
