import { Box, chakra, Flex } from '@chakra-ui/react';
import type { FooterModel } from '../../resolver';
import type { OnFooterLinkTap } from './footer-tap';
import { StoreBadge } from './StoreBadge';

export interface AppBannerProps {
  banner: NonNullable<FooterModel['mobileBanner']>;
  caption: string;
  /** Reports taps on the store badges with section `app-banner`. */
  onLinkTap?: OnFooterLinkTap;
}

/** The mobile app banner: app icon, title, pitch and the two store badges. */
export function AppBanner({ banner, caption, onLinkTap }: AppBannerProps) {
  return (
    <Flex as="section" aria-label={banner.title} align="center" gap="4" wrap="wrap" data-testid="app-banner">
      <chakra.img src={banner.iconUrl} alt="" width="56" height="56" w="56px" h="56px" rounded="lg" flexShrink={0} bg="white" />
      <Box flex="1" minW="180px">
        <chakra.p fontWeight="bold" fontSize="lg">
          {banner.title}
        </chakra.p>
        {banner.text && <chakra.p opacity={0.9}>{banner.text}</chakra.p>}
      </Box>
      <Flex gap="3" wrap="wrap">
        <StoreBadge store="app-store" href={banner.appStoreUrl} caption={caption} onTap={onLinkTap} />
        <StoreBadge store="google-play" href={banner.playStoreUrl} caption={caption} onTap={onLinkTap} />
      </Flex>
    </Flex>
  );
}
