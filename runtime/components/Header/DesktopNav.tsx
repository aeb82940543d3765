import type { ResolvedNavItem } from '../../resolver';
import { DesktopNavItem } from './DesktopNavItem';

export interface DesktopNavProps {
  items: readonly ResolvedNavItem[];
  label: string;
  openId: string | null;
  onToggle: (id: string) => void;
  onClose: (id: string) => void;
  unreadCount: number;
  unreadLabel: string;
}

/** The desktop bar (lg and up). Which dropdown is open lives in the header, so only one can be. */
export function DesktopNav({ items, label, openId, onToggle, onClose, unreadCount, unreadLabel }: DesktopNavProps) {
  return (
    <nav aria-label={label} className="ps-desktop-nav" data-testid="desktop-nav">
      <ul className="ps-desktop-nav__list">
        {items.map((item, index) => (
          <DesktopNavItem
            key={item.id}
            item={item}
            open={openId === item.id}
            onToggle={onToggle}
            onClose={onClose}
            // Right half of the bar opens leftwards so wide panels do not run off the screen.
            align={index < Math.ceil(items.length / 2) ? 'start' : 'end'}
            unreadCount={unreadCount}
            unreadLabel={unreadLabel}
          />
        ))}
      </ul>
    </nav>
  );
}
