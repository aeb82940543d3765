/**
 * The row style shared by every clickable line in a dropdown list (account switch, logout, market list):
 * full width, icon then text, one hover treatment, so the lists read as one family.
 */
export const menuRowStyles = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: '100%',
  px: '3',
  rounded: 'md',
  _hover: { bg: 'bg.subtle', color: 'accent.hover' },
} as const;
