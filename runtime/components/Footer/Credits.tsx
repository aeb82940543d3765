import type { FooterModel } from '../../resolver';
import { ShellLink } from '../shared/ShellLink';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

export interface CreditsProps {
  credits: FooterModel['credits'];
  /** Reports link taps with section `credits`, labelled by the logo title. */
  onLinkTap?: OnFooterLinkTap;
}

/** Every credit logo gets this box, whatever its artwork's proportions, so nothing moves when it loads. */
export const CREDIT_LOGO_SIZE = { width: 120, height: 40 } as const;

/**
 * Partner credit logos (the market's partner bank, the deposit-guarantee institute). Logos sit on white
 * tiles so they stay legible on the dark v1 footer; the link is named by the logo's alt text. Which logo a
 * market shows is its config's (footer.credits), not this component's.
 */
export function Credits({ credits, onLinkTap }: CreditsProps) {
  if (credits.length === 0) return null;
  return (
    <ul className="ps-credits" data-testid="credits">
      {credits.map((credit) => (
        <li key={credit.id}>
          <ShellLink
            link={credit.link}
            title={credit.title}
            className="ps-credits__link"
            {...footerTapProps(onLinkTap, { href: credit.link.href, label: credit.logoTitle, section: 'credits' })}
          >
            <img
              src={credit.logoUrl}
              alt={credit.logoTitle}
              width={CREDIT_LOGO_SIZE.width}
              height={CREDIT_LOGO_SIZE.height}
              className="ps-credits__logo"
              loading="lazy"
            />
          </ShellLink>
        </li>
      ))}
    </ul>
  );
}
