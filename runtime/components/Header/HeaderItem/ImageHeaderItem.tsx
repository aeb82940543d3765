import { Box, chakra } from '@chakra-ui/react';
import { ShellLink } from '../../shared/ShellLink';
import { itemLinkStyles } from './item-styles';
import type { HeaderItemProps } from './types';

export type ImageHeaderItemProps = HeaderItemProps<'image'>;

/** A teaser card: image above title and description, linked when the item has a target. */
export function ImageHeaderItem({ item }: ImageHeaderItemProps) {
  const content = (
    <Box as="span" display="block">
      {item.imageUrl && (
        // Decorative: the title next to it already names the teaser. Fixed ratio avoids layout shift.
        <chakra.img
          src={item.imageUrl}
          alt=""
          width="240"
          height="120"
          w="100%"
          h="auto"
          aspectRatio="2 / 1"
          objectFit="cover"
          rounded="md"
          bg="bg.muted"
          loading="lazy"
        />
      )}
      <Box as="span" display="block" mt="2" fontWeight="semibold">
        {item.title}
      </Box>
      {item.description && (
        <Box as="span" display="block" mt="0.5" fontSize="sm" color="fg.muted" fontWeight="normal">
          {item.description}
        </Box>
      )}
    </Box>
  );
  if (!item.link) return <Box px="3" py="2">{content}</Box>;
  return (
    <ShellLink link={item.link} css={itemLinkStyles}>
      {content}
    </ShellLink>
  );
}
