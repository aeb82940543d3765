import { PageContainer } from '../components/PageContainer';
import { fallbackLanguage, FALLBACK_STRINGS } from '../components/FallbackChrome/fallback-strings';
import { escapeHtml } from './escape-html';
import type { RenderShellInput } from './render-input';
import { renderShellPage } from './render-shell';

/**
 * The page for a portal path that names no page (`/xx-yy/foo`): the locale's own chrome around a "404" and a
 * link home, in the locale's language (the registry's built-in strings, as the fallback chrome uses). Static:
 * it carries no state and no script, and every link in it works without JavaScript (docs/rendering.md#not-found).
 */
export function renderNotFoundPage(input: RenderShellInput): { head: string; root: string; lang: string } {
  const { config } = input;
  const strings = FALLBACK_STRINGS[fallbackLanguage(config.locale)];
  const { html, model } = renderShellPage(
    input,
    <PageContainer>
      <section className="ps-not-found" aria-labelledby="ps-not-found-title" data-testid="not-found">
        <h1 id="ps-not-found-title">404</h1>
        <p>
          <a href={`${config.basePath}/`}>{strings.home}</a>
        </p>
      </section>
    </PageContainer>,
  );
  const head = `<title>404 – ${escapeHtml(config.seo.siteName)}</title><meta name="robots" content="noindex,follow">`;
  return { head, root: html, lang: model.locale };
}
