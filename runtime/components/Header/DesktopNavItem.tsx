import { chakra } from '@chakra-ui/react';
import { useId, useRef } from 'react';
import type { ResolvedNavItem } from '../../resolver/model';
import { Glyph } from '../shared/Glyph';
import { ShellLink } from '../shared/ShellLink';
import { UnreadBadge } from '../shared/UnreadBadge';
import { useDismiss } from '../shared/use-dismiss';
import { topLevelStyles } from './nav-styles';
import { SubMenuPanel } from './SubMenuPanel';

export interface DesktopNavItemProps {
  item: ResolvedNavItem;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  align: 'start' | 'end';
  unreadCount: number;
  unreadLabel: string;
}

/**
 * One entry of the desktop bar. A link when the item has a target; otherwise a disclosure button
 * that shows its dropdown (WAI-ARIA disclosure navigation: a button with aria-expanded and
 * aria-controls, no menu roles, so links keep their normal semantics).
 */
export function DesktopNavItem({ item, open, onToggle, onClose, align, unreadCount, unreadLabel }: DesktopNavItemProps) {
  const panelId = `ps-nav-${useId().replace(/:/g, '')}`;
  const wrapperRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss({ open, insideRefs: [wrapperRef], triggerRef: buttonRef, onDismiss: onClose });

  const badge = item.enableBadge ? <UnreadBadge count={unreadCount} labelTemplate={unreadLabel} /> : null;

  if (!item.subMenu) {
    if (!item.link) return null;
    return (
      <chakra.li display="flex" alignItems="center" h="100%">
        <ShellLink link={item.link} css={topLevelStyles}>
          {item.title}
          {badge}
        </ShellLink>
      </chakra.li>
    );
  }

  return (
    <chakra.li ref={wrapperRef} position="relative" display="flex" alignItems="center" h="100%">
      <chakra.button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-active={item.active ? '' : undefined}
        onClick={onToggle}
        css={topLevelStyles}
      >
        {item.title}
        {badge}
        <Glyph name="chevron-down" size="16px" />
      </chakra.button>
      {/* The li spans the bar's full height, so top: 100% puts the panel right under the header. */}
      <SubMenuPanel id={panelId} subMenu={item.subMenu} open={open} align={align} />
    </chakra.li>
  );
}
