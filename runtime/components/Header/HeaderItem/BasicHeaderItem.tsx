import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { ItemTag } from './ItemTag';
import type { HeaderItemProps } from './types';

export type BasicHeaderItemProps = HeaderItemProps<'basic'>;

/** A plain link: optional icon, title and tag. */
export function BasicHeaderItem({ item }: BasicHeaderItemProps) {
  return (
    <ShellLink link={item.link} className="ps-menu-item">
      {item.icon && <Glyph name={item.icon} nudged tone="accent" />}
      <span>
        {item.title}
        {item.tag && <ItemTag>{item.tag}</ItemTag>}
      </span>
    </ShellLink>
  );
}
