import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import type { HeaderItemProps } from './types';

export type ArrowHeaderItemProps = HeaderItemProps<'arrow'>;

/** A call-to-action link ("Compare all accounts →") in the accent colour. */
export function ArrowHeaderItem({ item }: ArrowHeaderItemProps) {
  return (
    <ShellLink link={item.link} className="ps-menu-item ps-menu-item--arrow">
      <span>{item.title}</span>
      <Glyph name="arrow-right" size="18px" nudged />
    </ShellLink>
  );
}
