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

/**
 * The "hamburger" below lg. Its name says what it will do next (open or close the menu).
 * Beside it are two links that only a page without JavaScript shows (mobile-menu-button.css): one to the panel,
 * which CSS opens while it is the URL's target, and one back to "#", which closes it. Server and client render the
 * same three elements, so hydration finds what the server sent (docs/rules.md#design-versions).
 */
export function MobileMenuButton({ ref, open, controls, openLabel, closeLabel, onToggle }: MobileMenuButtonProps) {
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="ps-menu-button ps-menu-button--script"
        aria-expanded={open}
        aria-controls={controls}
        aria-label={open ? closeLabel : openLabel}
        onClick={onToggle}
        data-testid="mobile-menu-button"
      >
        <Glyph name={open ? 'close' : 'menu'} size="24px" />
      </button>
      <a
        href={`#${controls}`}
        className="ps-menu-button ps-menu-button--no-script ps-menu-button--opens"
        aria-label={openLabel}
        data-testid="mobile-menu-link"
      >
        <Glyph name="menu" size="24px" />
      </a>
      <a href="#" className="ps-menu-button ps-menu-button--no-script ps-menu-button--closes" aria-label={closeLabel}>
        <Glyph name="close" size="24px" />
      </a>
    </>
  );
}
