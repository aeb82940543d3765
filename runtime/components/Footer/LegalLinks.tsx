import { Flex } from '@chakra-ui/react';
import type { FooterLinkModel } from '../../resolver';
import type { OnFooterLinkTap } from './footer-tap';
import { FooterLinkItem } from './FooterLinkItem';

export interface LegalLinksProps {
  links: FooterLinkModel[];
  onOpenConsentSettings: () => void;
  /** Reports link taps with section `legal`. */
  onLinkTap?: OnFooterLinkTap;
}

/** Imprint, privacy, terms, consent settings… in one wrapping row. */
export function LegalLinks({ links, onOpenConsentSettings, onLinkTap }: LegalLinksProps) {
  if (links.length === 0) return null;
  return (
    <Flex as="ul" wrap="wrap" columnGap="5" rowGap="2" fontSize="sm" data-testid="legal-links">
      {links.map((link) => (
        <li key={link.id}>
          <FooterLinkItem
            item={link}
            onOpenConsentSettings={onOpenConsentSettings}
            section="legal"
            onTap={onLinkTap}
            color="inherit"
            textDecoration="underline"
            textUnderlineOffset="3px"
            _hover={{ textDecorationThickness: '2px' }}
          />
        </li>
      ))}
    </Flex>
  );
}
