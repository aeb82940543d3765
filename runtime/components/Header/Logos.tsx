import { Box, chakra, Flex } from '@chakra-ui/react';
import type { HeaderModel } from '../../resolver/model';
import { ShellLink } from '../shared/ShellLink';

export interface LogosProps {
  logos: HeaderModel['logoItems'];
  partnerLogo?: HeaderModel['partnerLogo'];
}

/**
 * Brand logo(s) linking home, plus the co-branding partner logo when the visitor came through a
 * partner. Images get a fixed box so the bar never reflows when they load.
 */
export function Logos({ logos, partnerLogo }: LogosProps) {
  return (
    <Flex align="center" gap={{ base: '3', md: '4' }} flexShrink={0}>
      {logos.map((logo) => (
        <ShellLink key={logo.id} link={logo.link} display="flex" alignItems="center" rounded="sm">
          <chakra.img
            src={logo.url}
            alt={logo.alt}
            width="140"
            height="32"
            w={{ base: '112px', md: '140px' }}
            h={{ base: '26px', md: '32px' }}
            objectFit="contain"
            objectPosition="left center"
          />
        </ShellLink>
      ))}
      {partnerLogo && (
        <>
          <Box w="1px" h="32px" bg="border" aria-hidden="true" />
          <chakra.img
            src={partnerLogo.url}
            alt={partnerLogo.alt}
            width="120"
            height="32"
            w={{ base: '96px', md: '120px' }}
            h={{ base: '26px', md: '32px' }}
            objectFit="contain"
            objectPosition="left center"
            data-testid="partner-logo"
          />
        </>
      )}
    </Flex>
  );
}
