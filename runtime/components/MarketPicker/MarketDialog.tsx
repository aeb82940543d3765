import { Box, chakra, Flex } from '@chakra-ui/react';
import { useId, useRef, type ReactNode } from 'react';
import { MODAL_MAX_WIDTH } from '../../theme/layout';
import { focusRingOnLight } from '../shared/focus-ring';
import { Glyph } from '../shared/Glyph';
import { useBodyScrollLock } from '../shared/use-body-scroll-lock';
import { useFocusTrap } from '../shared/use-focus-trap';

export interface MarketDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The market picker on small screens: a modal dialog (WAI-ARIA dialog pattern). Focus moves in
 * and stays in; Escape, the close button and a tap on the backdrop close it. The opener
 * restores focus to its button.
 */
export function MarketDialog({ title, closeLabel, onClose, children }: MarketDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true);
  useBodyScrollLock(true);

  return (
    <Flex position="fixed" inset="0" zIndex="modal" align="center" justify="center" p="4">
      <Box position="absolute" inset="0" bg="rgba(11, 37, 69, 0.55)" onClick={onClose} data-testid="market-dialog-backdrop" />
      <Box
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        position="relative"
        w="100%"
        maxW={{ base: '100%', sm: MODAL_MAX_WIDTH.sm, md: MODAL_MAX_WIDTH.md, lg: MODAL_MAX_WIDTH.lg }}
        maxH="calc(100dvh - 2rem)"
        overflowY="auto"
        bg="bg"
        color="fg"
        rounded="lg"
        shadow="lg"
        p="4"
        css={focusRingOnLight}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <Flex align="center" justify="space-between" mb="3" gap="3">
          <chakra.h2 id={titleId} fontSize="lg" fontWeight="bold">
            {title}
          </chakra.h2>
          <chakra.button
            type="button"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            w="44px"
            h="44px"
            rounded="md"
            _hover={{ bg: 'bg.subtle' }}
            aria-label={closeLabel}
            onClick={onClose}
          >
            <Glyph name="close" />
          </chakra.button>
        </Flex>
        {children}
      </Box>
    </Flex>
  );
}
