import { Box, type BoxProps } from '@chakra-ui/react';
import { useDesign } from './DesignContext';

export interface PageContainerProps extends BoxProps {
  /** Overrides the width from the shell model, e.g. the 1440 px content blocks. */
  maxWidthPx?: number;
}

/**
 * The width-limited, centred container used by header, footer and page content.
 * v1 keeps its original padding (4 units on small screens, 6 from md; SPEC §9); v2 adds a little
 * more room on large screens.
 */
export function PageContainer({ maxWidthPx, children, ...rest }: PageContainerProps) {
  const { design, containerMaxWidth } = useDesign();
  const paddingX = design === 'v1' ? { base: '4', md: '6' } : { base: '4', md: '6', lg: '8' };
  return (
    <Box w="100%" maxW={`${maxWidthPx ?? containerMaxWidth}px`} mx="auto" px={paddingX} data-design={design} {...rest}>
      {children}
    </Box>
  );
}
