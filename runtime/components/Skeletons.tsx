import { Box, Flex, Grid, type BoxProps } from '@chakra-ui/react';

/** A grey placeholder block that pulses (and stays still for people who asked for reduced motion). */
export function SkeletonBlock(props: BoxProps) {
  return <Box bg="bg.muted" rounded="sm" animation="pulse 1.6s ease-in-out infinite" aria-hidden="true" {...props} />;
}

export interface HeaderSkeletonProps {
  /** strings.header.loading, announced once to screen readers. */
  label: string;
}

/**
 * Stands in for the navigation (4 columns) and the avatar while private header data loads.
 * It sits inside the fixed-height header bar and reserves the avatar's exact size, so swapping in
 * the real content moves nothing (CLS ≈ 0).
 */
export function HeaderSkeleton({ label }: HeaderSkeletonProps) {
  return (
    <Flex flex="1" align="center" gap="6" role="status" aria-busy="true" data-testid="header-skeleton">
      <Box as="span" srOnly>
        {label}
      </Box>
      {/* Where the desktop bar will be: right after the logo, like the real navigation. */}
      <Grid
        display={{ base: 'none', lg: 'grid' }}
        w="560px"
        maxW="100%"
        templateColumns="repeat(4, minmax(0, 1fr))"
        gap="6"
        data-testid="header-skeleton-columns"
      >
        {[0, 1, 2, 3].map((column) => (
          <SkeletonBlock key={column} h="14px" />
        ))}
      </Grid>
      <Box flex="1" />
      <SkeletonBlock w="40px" h="40px" rounded="full" flexShrink={0} />
      {/* Reserves the menu button's place below lg. */}
      <SkeletonBlock display={{ base: 'block', lg: 'none' }} w="44px" h="44px" rounded="md" flexShrink={0} />
    </Flex>
  );
}
