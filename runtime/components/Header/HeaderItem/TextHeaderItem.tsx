import { Box } from '@chakra-ui/react';
import type { HeaderItemProps } from './types';

export type TextHeaderItemProps = HeaderItemProps<'text'>;

/** Information without a target, e.g. a deposit-protection note at the bottom of a dropdown. */
export function TextHeaderItem({ item }: TextHeaderItemProps) {
  return (
    <Box px="3" py="2">
      <Box as="span" display="block" fontWeight="semibold">
        {item.title}
      </Box>
      {item.description && (
        <Box as="span" display="block" mt="0.5" fontSize="sm" color="fg.muted">
          {item.description}
        </Box>
      )}
    </Box>
  );
}
