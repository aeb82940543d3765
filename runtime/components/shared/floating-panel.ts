/** The surface every dropdown panel shares (submenus, account menu, market list): one look, changed in one place. */
export const floatingPanelStyles = {
  maxW: 'calc(100vw - 2rem)',
  bg: 'bg',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  rounded: 'lg',
  shadow: 'md',
} as const;
