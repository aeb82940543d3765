import { chakra, Flex } from '@chakra-ui/react';
import type { FooterModel } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

export interface UsContactStripProps {
  contact: NonNullable<FooterModel['usContact']>;
  heading: string;
  /** Reports taps on the mail and call links with section `contact`. */
  onLinkTap?: OnFooterLinkTap;
}

const linkStyles = { display: 'inline-flex', alignItems: 'center', gap: '2', color: 'inherit', fontWeight: 'semibold', textDecoration: 'underline', textUnderlineOffset: '3px' } as const;

/** US contact strip: e-mail and call links with the availability hours. */
export function UsContactStrip({ contact, heading, onLinkTap }: UsContactStripProps) {
  return (
    <chakra.section aria-label={heading} data-testid="us-contact">
      <Flex wrap="wrap" align="center" gap={{ base: '3', md: '6' }}>
        <chakra.span fontWeight="bold">{heading}</chakra.span>
        <chakra.a href={contact.emailHref} css={linkStyles} {...footerTapProps(onLinkTap, { href: contact.emailHref, label: contact.emailText, section: 'contact' })}>
          <Glyph name="mail" size="18px" />
          {contact.emailText}
        </chakra.a>
        <chakra.a href={contact.phoneHref} css={linkStyles} {...footerTapProps(onLinkTap, { href: contact.phoneHref, label: contact.phoneText, section: 'contact' })}>
          <Glyph name="phone" size="18px" />
          {contact.phoneText}
        </chakra.a>
        <chakra.span opacity={0.9}>{contact.availability}</chakra.span>
      </Flex>
    </chakra.section>
  );
}
