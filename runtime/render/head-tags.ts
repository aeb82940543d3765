import type { LocaleConfig } from '../../schemas/generated/config-types';
import { PAGES, type PageKind, type ShellModel } from '../resolver';
import { consentManagerScript, defaultConsentCommand } from '../tracking';
import { escapeHtml, jsonForScript } from './escape-html';

const absolute = (origin: string | undefined, href: string) =>
  origin && href.startsWith('/') ? `${origin.replace(/\/$/, '')}${href}` : href;
const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;

/**
 * The head tags the locale config's `seo` asks for. The canonical URL is the page's own path under the
 * locale's base path (`seo.canonicalPage` names the home page's); hreflang alternates are the market
 * picker's markets, each at its own link, so they follow the same rules as the links a visitor sees.
 */
export function headTags(config: LocaleConfig, model: ShellModel, page: PageKind, origin: string | undefined): string {
  const { seo } = config;
  const canonical =
    page === 'home' && seo.canonicalPage
      ? `${config.basePath}${seo.canonicalPage}`
      : `${config.basePath}${PAGES[page].path}`;
  const alternates = (model.footer?.marketPicker?.markets ?? []).map(
    (market) =>
      `<link rel="alternate" hreflang="${escapeHtml(market.locale)}" href="${escapeHtml(absolute(origin, market.link.href))}">`,
  );
  return [
    `<title>${escapeHtml(seo.metaTitle)}</title>`,
    meta('description', seo.metaDescription),
    meta('robots', seo.metaRobots),
    `<link rel="canonical" href="${escapeHtml(absolute(origin, canonical.replace(/\/{2,}/g, '/')))}">`,
    ...alternates,
    property('og:site_name', seo.siteName),
    property('og:title', seo.opengraph.title),
    property('og:description', seo.opengraph.description),
    property('og:image', absolute(origin, seo.opengraph.imageUrl)),
  ].join('');
}

/**
 * docs/architecture.md#tracking-and-consent, for a page without the runtime: the consent defaults first (everything
 * denied until the visitor chooses), then the locale's consent manager. The tag manager is not here: it loads
 * only once consent is granted, which the runtime decides.
 */
export function headScripts(config: LocaleConfig): string {
  const script = consentManagerScript(config.consent.settingsId);
  const attributes = Object.entries(script.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  // gtag's own shape: the tag manager reads an arguments object, not an array, from the data layer.
  return [
    `<script>window.dataLayer=window.dataLayer||[];(function(){window.dataLayer.push(arguments)}).apply(null,${jsonForScript(defaultConsentCommand())});</script>`,
    `<script id="${escapeHtml(script.id)}" src="${escapeHtml(script.src)}"${attributes} async></script>`,
  ].join('');
}
