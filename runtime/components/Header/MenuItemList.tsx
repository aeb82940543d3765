import { memo, useId } from 'react';
import type { ResolvedMenuItem } from '../../resolver';
import { HeaderItem } from './HeaderItem/HeaderItem';
import { groupItems } from './submenu-layout';

export interface MenuItemListProps {
  items: ResolvedMenuItem[];
  columns?: 1 | 2;
}

/**
 * A list of submenu items, split into labelled groups where the config gives group names.
 * Memoised: a menu that did not change keeps its objects (useSharedStructure in Shell), so it skips the render.
 */
export const MenuItemList = memo(function MenuItemList({ items, columns = 1 }: MenuItemListProps) {
  const baseId = useId();
  return (
    <>
      {groupItems(items).map((group, index) => {
        const labelId = `${baseId}-g${index}`;
        return (
          <div key={labelId} className="ps-menu-list__group">
            {group.name && (
              <p id={labelId} className="ps-menu-list__label">
                {group.name}
              </p>
            )}
            <ul
              className={columns === 2 ? 'ps-menu-list__items ps-menu-list__items--two-columns' : 'ps-menu-list__items'}
              aria-labelledby={group.name ? labelId : undefined}
            >
              {group.items.map((item) => (
                <li key={item.id}>
                  <HeaderItem item={item} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </>
  );
});
