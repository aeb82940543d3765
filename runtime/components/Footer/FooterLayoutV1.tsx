import { chakra, Flex, Grid } from '@chakra-ui/react';
import { PageContainer } from '../PageContainer';
import { focusRingOnDark } from '../shared/focus-ring';
import { hasAny, type FooterLayoutProps } from './footer-slots';
import { FooterSlot } from './FooterSlot';

/**
 * v1, the classic dark footer: a top band with review and contact, link columns beside a side
 * column (app banner, social icons, market picker), a bottom band with copyright and legal links
 * side by side, then credits and the disclaimer.
 */
export function FooterLayoutV1({ slots }: FooterLayoutProps) {
  const band = { direction: { base: 'column', lg: 'row' }, justify: 'space-between', align: { base: 'flex-start', lg: 'center' }, gap: '6', py: '6' } as const;
  return (
    <chakra.footer
      bg="navy.900"
      color="grey.100"
      pt={{ base: '4', lg: '6' }}
      pb={{ base: '8', lg: '12' }}
      data-footer-layout="v1"
      data-tone="dark"
      css={{
        ...focusRingOnDark,
        '--footer-rule': 'rgba(255, 255, 255, 0.24)',
        '--footer-hover': 'rgba(255, 255, 255, 0.08)',
        '--footer-star': 'var(--ps-colors-teal-300)',
      }}
    >
      <PageContainer>
        {hasAny(slots, ['review', 'contact']) && (
          <Flex {...band} borderBottomWidth="1px" borderColor="var(--footer-rule)">
            <FooterSlot slots={slots} name="review" />
            <FooterSlot slots={slots} name="contact" />
          </Flex>
        )}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 22rem)' }} gap={{ base: '6', lg: '12' }} py="8">
          <FooterSlot slots={slots} name="columns" />
          <Flex direction="column" gap="6" gridColumn={{ lg: hasAny(slots, ['columns']) ? '2' : '1 / -1' }}>
            <FooterSlot slots={slots} name="appBanner" />
            <FooterSlot slots={slots} name="social" />
            <FooterSlot slots={slots} name="marketPicker" />
          </Flex>
        </Grid>
        <Flex {...band} borderTopWidth="1px" borderColor="var(--footer-rule)" fontSize="sm">
          <FooterSlot slots={slots} name="copyright" />
          <FooterSlot slots={slots} name="legal" />
        </Flex>
        <FooterSlot slots={slots} name="credits" pb="6" />
        <FooterSlot slots={slots} name="disclaimer" fontSize="sm" color="grey.100" />
      </PageContainer>
    </chakra.footer>
  );
}
