import { chakra, Flex } from '@chakra-ui/react';
import type { FooterModel } from '../../resolver';
import { ShellLink } from '../shared/ShellLink';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

export interface CreditsProps {
  credits: FooterModel['credits'];
  /** Reports link taps with section `credits`, labelled by the logo title. */
  onLinkTap?: OnFooterLinkTap;
}

/**
 * Partner credit logos (e.g. the deposit-guarantee institute). Logos sit on white tiles so they
 * stay legible on the dark v1 footer; the link is named by the logo's alt text.
 */
export function Credits({ credits, onLinkTap }: CreditsProps) {
  if (credits.length === 0) return null;
  return (
    <Flex as="ul" wrap="wrap" gap="4" align="center" data-testid="credits">
      {credits.map((credit) => (
        <li key={credit.id}>
          <ShellLink
            link={credit.link}
            title={credit.title}
            {...footerTapProps(onLinkTap, { href: credit.link.href, label: credit.logoTitle, section: 'credits' })}
            display="inline-flex" alignItems="center" h="56px" px="3" rounded="md" bg="white">
            <chakra.img src={credit.logoUrl} alt={credit.logoTitle} width="120" height="40" w="120px" h="40px" objectFit="contain" loading="lazy" />
          </ShellLink>
        </li>
      ))}
    </Flex>
  );
}
