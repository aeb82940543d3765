import { Box } from '@chakra-ui/react';
import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { ItemTag } from './ItemTag';
import { itemLinkStyles } from './item-styles';
import type { HeaderItemProps } from './types';

export type BasicHeaderItemProps = HeaderItemProps<'basic'>;

/** A plain link: optional icon, title and tag. */
export function BasicHeaderItem({ item }: BasicHeaderItemProps) {
  const content = (
    <>
      {item.icon && <Glyph name={item.icon} nudged tone="accent" />}
      <Box as="span">
        {item.title}
        {item.tag && <ItemTag>{item.tag}</ItemTag>}
      </Box>
    </>
  );
  return (
    <ShellLink link={item.link} css={itemLinkStyles}>
      {content}
    </ShellLink>
  );
}
