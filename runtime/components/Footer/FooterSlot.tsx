import { Box, type BoxProps } from '@chakra-ui/react';
import type { FooterSlots, SlotName } from './footer-slots';

export interface FooterSlotProps extends BoxProps {
  slots: FooterSlots;
  name: SlotName;
}

/** One part of the footer in a layout; renders nothing when the part is absent. */
export function FooterSlot({ slots, name, ...rest }: FooterSlotProps) {
  const content = slots[name];
  if (content === undefined || content === null || content === false) return null;
  return (
    <Box data-slot={name} {...rest}>
      {content}
    </Box>
  );
}
