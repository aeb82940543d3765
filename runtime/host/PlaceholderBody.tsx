import type { PageKind } from '../../schemas/contracts';
import { LOCALE_REGISTRY } from '../../schemas/locale-registry';
import { fallbackLanguage } from '../components/FallbackChrome/fallback-strings';

/**
 * "Page content" in the page's language, from the locale registry (config/locales.json), which holds it per
 * language because the stand-in shows with the fallback chrome too, when no config can be used. English when the
 * language is unknown, as the fallback chrome does.
 */
export function pageContentLabel(locale: string): string {
  // fallbackLanguage() only answers languages the registry lists, so the entry exists.
  return LOCALE_REGISTRY.languages[fallbackLanguage(locale)]!.pageContent;
}

export interface PlaceholderBodyProps {
  page: PageKind;
  /** The page's locale or language tag (`de-DE`, `fr`): the language the stand-in is named in. */
  locale: string;
}

/** Stands in for the page's own content; the shell is what the portal host demonstrates. */
export function PlaceholderBody({ page, locale }: PlaceholderBodyProps) {
  const label = pageContentLabel(locale);
  return (
    <section aria-label={label} data-testid="page-body" style={{ minHeight: 480, padding: '48px 0' }}>
      <div
        style={{ border: '2px dashed #c8d3e0', borderRadius: 16, padding: 32, color: '#3d5a80', background: '#f7f9fc' }}
      >
        <p style={{ margin: 0, fontSize: 14, textTransform: 'uppercase', letterSpacing: 1 }}>{label}</p>
        <p style={{ margin: '8px 0 0', fontSize: 24, fontWeight: 600 }}>{page}</p>
      </div>
    </section>
  );
}
