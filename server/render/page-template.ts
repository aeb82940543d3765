/**
 * Writes a server render into the portal's HTML page (portal.html, as Vite serves or built it). The page's
 * shape is ours, so a page without these markers is a build problem, reported as one.
 */
import { templateScriptHashes } from '../http/security-headers';
import { bundleAfterFirstPaint, takeBundle } from './bundle-loader';

const ROOT = '<div id="root"></div>';

export interface PageParts {
  lang: string;
  head: string;
  root: string;
  /** After #root: the embedded state. */
  afterRoot?: string;
  /**
   * An inline script that must run as early as the page allows (a logged-in customer's early data calls,
   * docs/rendering.md#the-customers-first-load): it goes before the rendered head tags, so before every stylesheet
   * the build links. A script after a stylesheet that is still loading waits for it, a round-trip at least.
   */
  earlyScript?: string;
  /** Extra tags at the end of <head> (the development stylesheet). */
  headEnd?: string;
  /**
   * The page's CSS, put inline in place of the stylesheet the build links (docs/rendering.md#the-first-paint): the
   * first paint then waits for no request, and the bundle's downloads cannot delay it.
   */
  inlineCss?: string;
  /**
   * How the page loads its bundle (the module scripts Vite wrote into the template); as the template says when unset.
   * - 'async': the module scripts evaluate as soon as they arrive, while the page still parses, instead of after
   *   it (a logged-in customer's page, docs/rendering.md#hydration; runtime/host/main.tsx waits for the parse).
   * - 'after-early-script': async too, but requested by a loader right after `earlyScript`, so the early calls
   *   take the origin's connections first, and added once their first answers are in, so the main thread is free
   *   to start the second round (bundle-loader.ts; docs/rendering.md#the-customers-first-load).
   * - 'after-first-paint': requested once the page has painted, by a loader at the end of <body> (a visitor's
   *   built page, docs/rendering.md#the-first-paint).
   */
  bundle?: 'async' | 'after-early-script' | 'after-first-paint';
}

/** The parts that decide which scripts a filled page carries; the rest is rendered content or CSS. */
export type PageLayout = Pick<PageParts, 'earlyScript' | 'bundle'>;

/**
 * The `sha256-…` sources of the inline scripts a page filled from `template` with `layout` carries by construction:
 * the template's own, the early script and the bundle loader the assembly inserts (docs/rendering.md#content-security-policy).
 * Computed from the template filled with nothing rendered, so no script of the content can gain a hash; the result is
 * the same for every page of one template and layout, as a cached page needs.
 */
export function pageScriptHashes(template: string, layout: PageLayout): string[] {
  return templateScriptHashes(fillPageTemplate(template, { ...layout, lang: '', head: '', root: '' }));
}

export function fillPageTemplate(template: string, parts: PageParts): string {
  if (!template.includes(ROOT))
    throw new Error(
      `portal.html has no ${ROOT}: the server render has nowhere to go; check portal.html and rebuild (npm run build)`,
    );
  if (parts.earlyScript && /<link\b[^>]*\brel="?stylesheet[\s\S]*<title>/i.test(template))
    throw new Error(
      'portal.html links a stylesheet before <title>: the early script placed there would wait for it; move the stylesheet after <title> and rebuild (npm run build)',
    );
  if (parts.bundle === 'after-early-script' && !parts.earlyScript)
    throw new Error('a page loads its bundle after its early script only when it has one');
  // The template's own tags are rewritten before the render goes in, so nothing rendered can be taken for one.
  let page = parts.inlineCss === undefined ? template : withInlineCss(template, parts.inlineCss);
  let early = parts.earlyScript ?? '';
  if (parts.bundle === 'after-first-paint') page = bundleAfterFirstPaint(page);
  if (parts.bundle === 'after-early-script') {
    const bundle = takeBundle(page, 'first-answers');
    if (bundle) {
      page = bundle.html;
      early += bundle.loader;
    }
  }
  return page
    .replace(/<script type="module"(?![^>]*\sasync\b)/g, (tag) => (parts.bundle === 'async' ? `${tag} async` : tag))
    .replace(/<html lang="[^"]*">/, `<html lang="${parts.lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `${early}${parts.head}`)
    .replace('</head>', () => `${parts.headEnd ?? ''}</head>`)
    .replace(ROOT, () => `<div id="root">${parts.root}</div>${parts.afterRoot ?? ''}`);
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="?stylesheet\b[^>]*>/gi;

/**
 * `template` with its one stylesheet link replaced by `css` in a <style> element, or with the element added at the
 * end of <head> when it links none. Two links are a build the server does not know how to inline, reported as one.
 */
export function withInlineCss(template: string, css: string): string {
  if (/<\/style/i.test(css))
    throw new Error(
      'the portal CSS contains "</style", which would end its inline <style> element early; check the stylesheets runtime/host/main.tsx imports',
    );
  const links = template.match(STYLESHEET_LINK) ?? [];
  if (links.length > 1)
    throw new Error(
      `portal.html links ${links.length} stylesheets (${links.join(' ')}); the server inlines the one the portal's entry imports: check the build (npm run build)`,
    );
  const style = `<style>${css}</style>`;
  return links.length === 1
    ? template.replace(links[0]!, () => style)
    : template.replace('</head>', () => `${style}</head>`);
}

/** The page without any script: a static page (the 404) that the client app must not take over. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * `code` as an inline classic script element. Its text is not escaped (a script's text is raw), so text that
 * would end the element early or change how the parser reads it is refused.
 */
export function inlineScript(code: string, origin: string): string {
  if (/<\/script|<!--/i.test(code))
    throw new Error(
      `${origin} contains "</script" or "<!--", which would break the page it is inlined into; rebuild it (npm run build)`,
    );
  return `<script>${code}</script>`;
}
