import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { ItemTag } from './ItemTag';
import type { HeaderItemProps } from './types';

export type AdvancedHeaderItemProps = HeaderItemProps<'advanced'>;

/** A link with an icon tile, a bold title and a one-line description underneath. */
export function AdvancedHeaderItem({ item }: AdvancedHeaderItemProps) {
  return (
    <ShellLink link={item.link} className="ps-menu-item">
      {item.icon && (
        // iconColor comes from the config; the tile's light background keeps a coloured glyph visible.
        <span className="ps-menu-item__tile" style={item.iconColor ? { color: item.iconColor } : undefined}>
          <Glyph name={item.icon} size="22px" />
        </span>
      )}
      <span className="ps-menu-item__text">
        <span className="ps-menu-item__title">
          {item.title}
          {item.tag && <ItemTag>{item.tag}</ItemTag>}
        </span>
        {item.description && <span className="ps-menu-item__description">{item.description}</span>}
      </span>
    </ShellLink>
  );
}
