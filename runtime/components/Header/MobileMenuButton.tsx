import type { Ref } from 'react';
import { Glyph } from '../shared/Glyph';
import styles from './mobile-menu-button.module.css';

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
    <button
      ref={ref}
      type="button"
      className={styles.button}
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? closeLabel : openLabel}
      onClick={onToggle}
      data-testid="mobile-menu-button"
    >
      <Glyph name={open ? 'close' : 'menu'} size="24px" />
    </button>
  );
}
