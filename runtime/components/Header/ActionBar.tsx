import { Flex } from '@chakra-ui/react';
import type { ResolvedActionItem } from '../../resolver';
import { ACTION_BAR_HEIGHT } from '../../theme/layout';
import { ActionLink } from './ActionLink';

export interface ActionBarProps {
  items: ResolvedActionItem[];
  /** Integrated pages put the bar at the top, under the logo row, instead of fixed at the bottom. */
  position: 'bottom' | 'top';
  onAction?: (item: ResolvedActionItem) => void;
}

/** Login and registration on small screens (below md), always within thumb reach. */
export function ActionBar({ items, position, onAction }: ActionBarProps) {
  if (items.length === 0) return null;
  const fixedBottom = position === 'bottom';
  return (
    <Flex
      display={{ base: 'flex', md: 'none' }}
      position={fixedBottom ? 'fixed' : 'static'}
      insetX={fixedBottom ? '0' : undefined}
      bottom={fixedBottom ? '0' : undefined}
      zIndex={fixedBottom ? 'actionBar' : undefined}
      h={ACTION_BAR_HEIGHT}
      align="center"
      gap="3"
      px="4"
      bg="bg"
      borderTopWidth="1px"
      borderColor="border"
      shadow={fixedBottom ? 'md' : undefined}
      pb={fixedBottom ? 'env(safe-area-inset-bottom)' : undefined}
      data-position={position}
      data-testid="action-bar"
    >
      {items.map((item) => (
        // Half of a 375 px bar is narrower than some labels ("Ouvrir un compte"): tighter padding, and a label
        // that still does not fit wraps inside its button instead of pushing the bar past the screen's edge.
        <ActionLink key={item.id} item={item} onAction={onAction} flex="1" px="3" whiteSpace="normal" textAlign="center" lineHeight="1.2" />
      ))}
    </Flex>
  );
}
