import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { itemLinkStyles } from './item-styles';
import type { HeaderItemProps } from './types';

export type ArrowHeaderItemProps = HeaderItemProps<'arrow'>;

/** A call-to-action link ("Compare all accounts →") in the accent colour. */
export function ArrowHeaderItem({ item }: ArrowHeaderItemProps) {
  const content = (
    <>
      <span>{item.title}</span>
      <Glyph name="arrow-right" size="18px" nudged />
    </>
  );
  return (
    <ShellLink link={item.link} css={itemLinkStyles} color="accent" fontWeight="semibold">
      {content}
    </ShellLink>
  );
}
