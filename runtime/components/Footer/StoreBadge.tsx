import { footerTapProps, type OnFooterLinkTap } from './footer-tap';

export type Store = 'app-store' | 'google-play';

/**
 * Store names are trademarks and stay the same in every language, which is why they are the
 * only fixed words in the shell; everything else comes from the config.
 */
const STORE_NAMES: Record<Store, string> = { 'app-store': 'App Store', 'google-play': 'Google Play' };

const STORE_GLYPHS: Record<Store, string> = {
  'app-store':
    'M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.9-.9-3.1-.8-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.2.8 1.1 1.7 2.3 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.2.9-1.3 1.3-2.5 1.3-2.6 0 0-2.4-.9-2.4-3.8zM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.7 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.7-1.3z',
  'google-play': 'M4 2.8v18.4c0 .5.5.8.9.6l15.8-9.2c.4-.3.4-.9 0-1.1L4.9 2.2c-.4-.2-.9.1-.9.6z',
};

export interface StoreBadgeProps {
  store: Store;
  href: string;
  /** strings.footer.appBanner, e.g. "Download the app", shown above the store name. */
  caption: string;
  /** Reports a tap with section `app-banner`, labelled by the store name. */
  onTap?: OnFooterLinkTap;
}

/** An app-store badge drawn inline (no external badge images to fetch or localise). */
export function StoreBadge({ store, href, caption, onTap }: StoreBadgeProps) {
  return (
    <a
      href={href}
      rel="noopener noreferrer"
      {...footerTapProps(onTap, { href, label: STORE_NAMES[store], section: 'app-banner' })}
      className="ps-store-badge"
      data-store={store}
    >
      <svg viewBox="0 0 24 24" width="24px" height="24px" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={STORE_GLYPHS[store]} />
      </svg>
      <span className="ps-store-badge__lines">
        <span className="ps-store-badge__caption">{caption}</span>
        {/* Keeps the two lines apart in the link's accessible name; flex layout ignores it visually. */}{' '}
        <span className="ps-store-badge__name">{STORE_NAMES[store]}</span>
      </span>
    </a>
  );
}
