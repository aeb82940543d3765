import { Box } from '@chakra-ui/react';
import { Glyph } from '../../shared/Glyph';
import { ShellLink } from '../../shared/ShellLink';
import { ItemTag } from './ItemTag';
import { itemLinkStyles } from './item-styles';
import type { HeaderItemProps } from './types';

export type AdvancedHeaderItemProps = HeaderItemProps<'advanced'>;

/** A link with an icon tile, a bold title and a one-line description underneath. */
export function AdvancedHeaderItem({ item }: AdvancedHeaderItemProps) {
  const content = (
    <>
      {item.icon && (
        <Box
          display="flex"
          alignItems="center"
          justifyContent="center"
          w="40px"
          h="40px"
          flexShrink={0}
          rounded="md"
          bg="accent.subtle"
          // iconColor comes from the config; the tile's light background keeps a coloured glyph visible.
          color={item.iconColor ?? 'accent'}
        >
          <Glyph name={item.icon} size="22px" />
        </Box>
      )}
      <Box as="span" display="block">
        <Box as="span" display="block" fontWeight="semibold">
          {item.title}
          {item.tag && <ItemTag>{item.tag}</ItemTag>}
        </Box>
        {item.description && (
          <Box as="span" display="block" mt="0.5" fontSize="sm" color="fg.muted" fontWeight="normal">
            {item.description}
          </Box>
        )}
      </Box>
    </>
  );
  return (
    <ShellLink link={item.link} css={itemLinkStyles}>
      {content}
    </ShellLink>
  );
}
