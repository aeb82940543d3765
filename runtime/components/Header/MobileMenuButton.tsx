import { chakra } from '@chakra-ui/react';
import type { Ref } from 'react';
import { Glyph } from '../shared/Glyph';

export interface MobileMenuButtonProps {
  ref?: Ref<HTMLButtonElement>;
  open: boolean;
  controls: string;
  openLabel: string;
  closeLabel: string;
  onToggle: () => void;
}

/** The "hamburger" below lg. Its name says what it will do next (open or close the menu). */
export function MobileMenuButton({ ref, open, controls, openLabel, closeLabel, onToggle }: MobileMenuButtonProps) {
  return (
    <chakra.button
      ref={ref}
      type="button"
      display={{ base: 'inline-flex', lg: 'none' }}
      alignItems="center"
      justifyContent="center"
      w="44px"
      h="44px"
      rounded="md"
      color="fg"
      _hover={{ bg: 'bg.subtle' }}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? closeLabel : openLabel}
      onClick={onToggle}
      data-testid="mobile-menu-button"
    >
      <Glyph name={open ? 'close' : 'menu'} size="24px" />
    </chakra.button>
  );
}
