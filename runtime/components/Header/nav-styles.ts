import type { SystemStyleObject } from '@chakra-ui/react';

/** Top-level entries of the desktop bar: links and disclosure buttons look the same. */
export const topLevelStyles: SystemStyleObject = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  h: '40px',
  px: '3',
  rounded: 'md',
  color: 'fg',
  fontWeight: 'medium',
  fontSize: 'md',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transition: 'colors',
  _hover: { bg: 'bg.subtle', color: 'accent.hover' },
  _expanded: { bg: 'accent.subtle', color: 'accent.hover' },
  // The current section is underlined, not only coloured (colour alone is not enough, WCAG 1.4.1).
  '&[aria-current=page], &[data-active]': {
    color: 'accent',
    boxShadow: 'inset 0 -3px 0 0 currentColor',
    borderBottomRadius: '0',
  },
  '& svg': { transition: 'transform', transitionDuration: 'fast' },
  '&[aria-expanded=true] svg': { transform: 'rotate(180deg)' },
};
