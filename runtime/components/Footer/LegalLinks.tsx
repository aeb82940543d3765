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
    <ul className="ps-legal-links" data-testid="legal-links">
      {links.map((link) => (
        <li key={link.id}>
          <FooterLinkItem
            item={link}
            onOpenConsentSettings={onOpenConsentSettings}
            section="legal"
            onTap={onLinkTap}
            className="ps-legal-links__link"
          />
        </li>
      ))}
    </ul>
  );
}
