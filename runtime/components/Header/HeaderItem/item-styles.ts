import type { SystemStyleObject } from '@chakra-ui/react';

/** Shared look of a clickable submenu row; the current page gets the accent colour and a bar. */
export const itemLinkStyles: SystemStyleObject = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  px: '3',
  py: '2',
  rounded: 'md',
  color: 'fg',
  textDecoration: 'none',
  transition: 'colors',
  _hover: { bg: 'bg.subtle', color: 'accent.hover' },
  _currentPage: { color: 'accent', fontWeight: 'semibold', bg: 'accent.subtle' },
};
