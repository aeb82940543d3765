import { chakra, Flex, Grid } from '@chakra-ui/react';
import { PageContainer } from '../PageContainer';
import { hasAny, type FooterLayoutProps } from './footer-slots';
import { FooterSlot } from './FooterSlot';

const card = { bg: 'bg', borderWidth: '1px', borderColor: 'border', rounded: 'lg', p: '5' } as const;

/**
 * v2, the newer light footer: review and contact as two cards, link columns across the whole
 * width, a full-width app banner card, social icons and market picker on one row, and a centred
 * bottom block (copyright, legal links, credits) above the disclaimer card.
 */
export function FooterLayoutV2({ slots }: FooterLayoutProps) {
  return (
    <chakra.footer
      bg="bg.subtle"
      color="fg"
      borderTopWidth="1px"
      borderColor="border"
      py={{ base: '8', lg: '12' }}
      data-footer-layout="v2"
      data-tone="light"
      css={{
        '--footer-rule': 'var(--ps-colors-border)',
        '--footer-hover': 'var(--ps-colors-bg-muted)',
        '--footer-star': 'var(--ps-colors-gold-500)',
      }}
    >
      <PageContainer>
        <Flex direction="column" gap="6">
          {hasAny(slots, ['review', 'contact']) && (
            <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'repeat(auto-fit, minmax(18rem, 1fr))' }} gap="6">
              <FooterSlot slots={slots} name="review" css={card} />
              <FooterSlot slots={slots} name="contact" css={card} />
            </Grid>
          )}
          <FooterSlot slots={slots} name="columns" py="2" />
          <FooterSlot slots={slots} name="appBanner" css={card} />
          {hasAny(slots, ['social', 'marketPicker']) && (
            <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'flex-start', md: 'flex-end' }} gap="6">
              <FooterSlot slots={slots} name="social" />
              <FooterSlot slots={slots} name="marketPicker" />
            </Flex>
          )}
          <Flex direction="column" align="center" gap="4" pt="6" borderTopWidth="1px" borderColor="border" textAlign="center">
            <FooterSlot slots={slots} name="copyright" fontSize="sm" />
            <FooterSlot slots={slots} name="legal" />
            <FooterSlot slots={slots} name="credits" />
          </Flex>
          <FooterSlot slots={slots} name="disclaimer" css={card} fontSize="sm" color="fg.muted" />
        </Flex>
      </PageContainer>
    </chakra.footer>
  );
}
