import type { FooterModel } from '../../resolver';
import { ShellLink } from '../shared/ShellLink';
import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

/** Simplified filled brand marks on a 24 px grid (fill-rule evenodd cuts out the inner shapes). */
const SOCIAL_PATHS: Partial<Record<string, string>> = {
  Facebook:
    'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z',
  LinkedIn:
    'M4 3h16a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm2.5 7.5V18h2.5v-7.5zm1.25-4a1.4 1.4 0 1 0 0 2.8 1.4 1.4 0 0 0 0-2.8zM11 10.5V18h2.5v-4c0-1 .4-1.8 1.4-1.8s1.1.8 1.1 1.9V18h2.5v-4.6c0-2.2-1.2-3.1-2.8-3.1-1.2 0-1.9.6-2.2 1.1v-.9z',
  Twitter:
    'M4 3.5h4.6l3.7 5.2 4.5-5.2h1.9l-5.5 6.4 6.8 9.6h-4.6l-4-5.6-4.9 5.6H4.6l5.9-6.8zm2.8 1.4 9.3 13.2h1.5L8.3 4.9z',
  Youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z',
  Instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm5-3.2a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z',
};

/** The built-in mark for the five known accounts; a configured icon image only for anything else. */
function SocialGlyph({ account, iconUrl }: { account: string; iconUrl?: string }) {
  const path = SOCIAL_PATHS[account];
  if (!path)
    return iconUrl ? <img src={iconUrl} alt="" width="22" height="22" className="ps-social-links__icon" /> : null;
  return (
    <svg
      viewBox="0 0 24 24"
      width="22px"
      height="22px"
      fill="currentColor"
      fillRule="evenodd"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

export interface SocialLinksProps {
  social: FooterModel['social'];
  /** Reports link taps with section `social`, labelled by the account. */
  onLinkTap?: OnFooterLinkTap;
}

/**
 * Social media links as icons. The icon is decorative; the account name from the config is the
 * link's accessible name (WCAG 2.4.4), so an icon-only link is still announced properly.
 */
export function SocialLinks({ social, onLinkTap }: SocialLinksProps) {
  if (social.icons.length === 0) return null;
  return (
    <section aria-label={social.heading ?? undefined} data-testid="social-links">
      {social.heading && <p className="ps-social-links__heading">{social.heading}</p>}
      <ul className="ps-social-links__list">
        {social.icons.map((icon) => (
          <li key={icon.uid}>
            <ShellLink
              link={icon.link}
              aria-label={icon.account}
              className="ps-social-links__link"
              {...footerTapProps(onLinkTap, { href: icon.link.href, label: icon.account, section: 'social' })}
            >
              <SocialGlyph account={icon.account} iconUrl={icon.iconUrl} />
            </ShellLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
