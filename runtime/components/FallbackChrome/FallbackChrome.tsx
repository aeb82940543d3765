import type { ReactNode } from 'react';
import { PageContainer } from '../PageContainer';
import { FALLBACK_BRAND, FALLBACK_STRINGS, fallbackLanguage } from './fallback-strings';

export interface FallbackChromeProps {
  /** The page's language tag (`de-DE`), when known; English otherwise. */
  language?: string;
  /** Where the logo and the footer link go: the home page of the locale in the URL. */
  homeHref: string;
  children: ReactNode;
}

/**
 * The chrome shown when the published config cannot be used (docs/architecture.md#fallback-chrome): a
 * header with the logo only, and a footer with a link home and the legal line. Needs nothing from any
 * config, so it cannot fail the way the shell did; the page's own content renders inside as usual.
 * Styled by fallback-chrome.css.
 */
export function FallbackChrome({ language, homeHref, children }: FallbackChromeProps) {
  const lang = fallbackLanguage(language);
  const strings = FALLBACK_STRINGS[lang];
  return (
    <div lang={lang} className="ps-root ps-fallback-chrome" data-testid="fallback-chrome">
      <header className="ps-fallback-chrome__header">
        <PageContainer>
          <div className="ps-fallback-chrome__bar">
            <a href={homeHref} className="ps-fallback-chrome__logo-link">
              <img
                src={FALLBACK_BRAND.logoUrl}
                alt={strings.logoAlt}
                width="140"
                height="32"
                className="ps-fallback-chrome__logo"
              />
            </a>
          </div>
        </PageContainer>
      </header>
      <main className="ps-fallback-chrome__main">{children}</main>
      <footer className="ps-fallback-chrome__footer">
        <PageContainer>
          <div className="ps-fallback-chrome__footer-row">
            <a href={homeHref} className="ps-fallback-chrome__home-link">
              {strings.home}
            </a>
            <p className="ps-fallback-chrome__legal">
              © {new Date().getFullYear()} {FALLBACK_BRAND.name}
            </p>
          </div>
        </PageContainer>
      </footer>
    </div>
  );
}
