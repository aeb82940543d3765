import type { FooterModel } from '../../resolver';
import { Glyph } from '../shared/Glyph';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

export interface UsContactStripProps {
  contact: NonNullable<FooterModel['usContact']>;
  heading: string;
  /** Reports taps on the mail and call links with section `contact`. */
  onLinkTap?: OnFooterLinkTap;
}

/** US contact strip: e-mail and call links with the availability hours. */
export function UsContactStrip({ contact, heading, onLinkTap }: UsContactStripProps) {
  return (
    <section aria-label={heading} data-testid="us-contact">
      <div className="ps-us-contact">
        <span className="ps-us-contact__heading">{heading}</span>
        <a
          href={contact.emailHref}
          className="ps-us-contact__link"
          {...footerTapProps(onLinkTap, { href: contact.emailHref, label: contact.emailText, section: 'contact' })}
        >
          <Glyph name="mail" size="18px" />
          {contact.emailText}
        </a>
        <a
          href={contact.phoneHref}
          className="ps-us-contact__link"
          {...footerTapProps(onLinkTap, { href: contact.phoneHref, label: contact.phoneText, section: 'contact' })}
        >
          <Glyph name="phone" size="18px" />
          {contact.phoneText}
        </a>
        <span className="ps-us-contact__hours">{contact.availability}</span>
      </div>
    </section>
  );
}
