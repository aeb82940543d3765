import { memo, useId, useRef } from 'react';
import type { ResolvedNavItem } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { linkAttributes } from '../shared/ShellLink';
import { UnreadBadge } from '../shared/UnreadBadge';
import { useDismiss } from '../shared/use-dismiss';
import { SubMenuPanel } from './SubMenuPanel';

export interface DesktopNavItemProps {
  item: ResolvedNavItem;
  open: boolean;
  /** Called with the item's id: one stable function for every item, so the memoised items skip a render. */
  onToggle: (id: string) => void;
  onClose: (id: string) => void;
  align: 'start' | 'end';
  unreadCount: number;
  unreadLabel: string;
}

/**
 * One entry of the desktop bar. A link when the item has a target; otherwise a disclosure button
 * that shows its dropdown (WAI-ARIA disclosure navigation: a button with aria-expanded and
 * aria-controls, no menu roles, so links keep their normal semantics).
 */
export const DesktopNavItem = memo(function DesktopNavItem({
  item,
  open,
  onToggle,
  onClose,
  align,
  unreadCount,
  unreadLabel,
}: DesktopNavItemProps) {
  const panelId = `ps-nav-${useId().replace(/:/g, '')}`;
  const wrapperRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss({ open, insideRefs: [wrapperRef], triggerRef: buttonRef, onDismiss: () => onClose(item.id) });

  const badge = item.enableBadge ? <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} /> : null;

  if (!item.subMenu) {
    if (!item.link) return null;
    return (
      <li className="ps-desktop-nav__item">
        <a {...linkAttributes(item.link)} className="ps-desktop-nav__entry">
          {item.title}
          {badge}
        </a>
      </li>
    );
  }

  return (
    <li ref={wrapperRef} className="ps-desktop-nav__item ps-desktop-nav__item--with-panel">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-active={item.active ? '' : undefined}
        onClick={() => onToggle(item.id)}
        className="ps-desktop-nav__entry"
      >
        {item.title}
        {badge}
        <Glyph name="chevron-down" size="16px" />
      </button>
      <SubMenuPanel id={panelId} subMenu={item.subMenu} open={open} align={align} />
    </li>
  );
});
