import { chakra } from '@chakra-ui/react';
import type { ResolvedNavItem } from '../../resolver/model';
import { DesktopNavItem } from './DesktopNavItem';

export interface DesktopNavProps {
  items: ResolvedNavItem[];
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
    <chakra.nav aria-label={label} display={{ base: 'none', lg: 'flex' }} alignSelf="stretch" flex="1" minW="0" data-testid="desktop-nav">
      <chakra.ul display="flex" alignItems="stretch" gap="1" h="100%">
        {items.map((item, index) => (
          <DesktopNavItem
            key={item.id}
            item={item}
            open={openId === item.id}
            onToggle={() => onToggle(item.id)}
            onClose={() => onClose(item.id)}
            // Right half of the bar opens leftwards so wide panels do not run off the screen.
            align={index < Math.ceil(items.length / 2) ? 'start' : 'end'}
            unreadCount={unreadCount}
            unreadLabel={unreadLabel}
          />
        ))}
      </chakra.ul>
    </chakra.nav>
  );
}
