/**
 * Writes a server render into the portal's HTML page (portal.html, as Vite serves or built it). The page's
 * shape is ours, so a page without these markers is a build problem, reported as one.
 */
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
   * Load the module scripts async: they evaluate as soon as they arrive, while the page still parses, instead of
   * after it (a logged-in customer's page, docs/rendering.md#hydration). runtime/host/main.tsx waits for the parse.
   */
  asyncScripts?: boolean;
}

export function fillPageTemplate(template: string, parts: PageParts): string {
  if (!template.includes(ROOT)) throw new Error(`portal.html has no ${ROOT}: the server render has nowhere to go; check portal.html and rebuild (npm run build)`);
  if (parts.earlyScript && /<link\b[^>]*\brel="?stylesheet[\s\S]*<title>/i.test(template))
    throw new Error('portal.html links a stylesheet before <title>: the early script placed there would wait for it; move the stylesheet after <title> and rebuild (npm run build)');
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${parts.lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => `${parts.earlyScript ?? ''}${parts.head}`)
    .replace('</head>', () => `${parts.headEnd ?? ''}</head>`)
    .replace(ROOT, () => `<div id="root">${parts.root}</div>${parts.afterRoot ?? ''}`)
    .replace(/<script type="module"(?![^>]*\sasync\b)/g, (tag) => (parts.asyncScripts ? `${tag} async` : tag));
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
  if (/<\/script|<!--/i.test(code)) throw new Error(`${origin} contains "</script" or "<!--", which would break the page it is inlined into; rebuild it (npm run build)`);
  return `<script>${code}</script>`;
}
