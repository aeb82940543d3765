import { Box, Button, Icon, type BoxProps } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface AppMenuProps extends Pick<BoxProps, 'display'> {
  /** The panel's content; `close` shuts the panel (a link that navigates calls it). */
  children: (close: () => void) => ReactNode;
}

/** Three bars, decorative: the button says "Menu" in words. */
function MenuIcon() {
  return (
    <Icon aria-hidden="true" boxSize="4">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 6h16M4 12h16M4 18h16" />
      </svg>
    </Icon>
  );
}

/**
 * The small screens' app bar menu (docs/editor-workspace.md#small-screens): a disclosure button ("Menu",
 * `aria-expanded`) and, right after it in the tab order, a panel under the bar with what the wide bar shows
 * inline. Links in a disclosure, not an ARIA menu: Tab walks them like any links. Escape closes it and gives the
 * focus back to the button; so does a press outside it.
 */
export function AppMenu({ children, display }: AppMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);
  return (
    <Box ref={root} display={display}>
      <Button
        ref={button}
        size="sm"
        variant="outline"
        color="white"
        borderColor="gray.500"
        _hover={{ bg: 'gray.700' }}
        _expanded={{ bg: 'gray.700' }}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <MenuIcon />
        Menu
      </Button>
      <Box
        id={panelId}
        display={open ? 'block' : 'none'}
        position="absolute"
        top="100%"
        insetX="0"
        zIndex="dropdown"
        bg="gray.900"
        color="white"
        px="4"
        pt="2"
        pb="4"
        borderTopWidth="1px"
        borderColor="gray.700"
        boxShadow="lg"
      >
        {children(() => setOpen(false))}
      </Box>
    </Box>
  );
}
