import { Box, chakra, Grid } from '@chakra-ui/react';
import { useId } from 'react';
import type { ResolvedMenuItem } from '../../resolver';
import { HeaderItem } from './HeaderItem/HeaderItem';
import { groupItems } from './submenu-layout';

export interface MenuItemListProps {
  items: ResolvedMenuItem[];
  columns?: 1 | 2;
}

/** A list of submenu items, split into labelled groups where the config gives group names. */
export function MenuItemList({ items, columns = 1 }: MenuItemListProps) {
  const baseId = useId();
  return (
    <>
      {groupItems(items).map((group, index) => {
        const labelId = `${baseId}-g${index}`;
        return (
          <Box key={labelId} _notFirst={{ mt: '4' }}>
            {group.name && (
              <chakra.p id={labelId} px="3" pb="1" fontSize="xs" fontWeight="bold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
                {group.name}
              </chakra.p>
            )}
            <Grid
              as="ul"
              templateColumns={columns === 2 ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)'}
              gap="1"
              aria-labelledby={group.name ? labelId : undefined}
            >
              {group.items.map((item) => (
                <li key={item.id}>
                  <HeaderItem item={item} />
                </li>
              ))}
            </Grid>
          </Box>
        );
      })}
    </>
  );
}
