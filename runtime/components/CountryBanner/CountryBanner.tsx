import { Box, chakra, Flex } from '@chakra-ui/react';
import { useId } from 'react';
import { PageContainer } from '../PageContainer';
import { fillTemplate } from '../../resolver';

export interface CountryBannerProps {
  /** strings.banner.text; a `{market}` placeholder is filled from `market` when given. */
  text: string;
  /** The suggested market's country name. */
  market?: string;
  allGoodLabel: string;
  chooseLabel: string;
  onAllGood: () => void;
  onChooseMarket: () => void;
}

/**
 * The "it looks like you are in …" suggestion (docs/rules.md#country-banner). Presentational: whether it shows and
 * what the buttons store lives in the host.
 */
export function CountryBanner({ text, market, allGoodLabel, chooseLabel, onAllGood, onChooseMarket }: CountryBannerProps) {
  const textId = useId();
  const message = market === undefined ? text : fillTemplate(text, { market });
  const buttonBase = { minH: '40px', px: '4', rounded: 'md', fontWeight: 'semibold', borderWidth: '2px', borderColor: 'accent' } as const;
  return (
    <Box role="region" aria-labelledby={textId} bg="navy.50" borderBottomWidth="1px" borderColor="navy.100" py="3" data-testid="country-banner">
      <PageContainer>
        <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }} gap="3">
          <chakra.p id={textId} flex="1">
            {message}
          </chakra.p>
          <Flex gap="3" wrap="wrap">
            <chakra.button type="button" css={buttonBase} bg="bg" color="accent" _hover={{ bg: 'accent.subtle' }} onClick={onAllGood}>
              {allGoodLabel}
            </chakra.button>
            <chakra.button type="button" css={buttonBase} bg="accent" color="accent.fg" _hover={{ bg: 'accent.hover' }} onClick={onChooseMarket}>
              {chooseLabel}
            </chakra.button>
          </Flex>
        </Flex>
      </PageContainer>
    </Box>
  );
}
