/**
 * Writes a server render into the portal's HTML page (portal.html, as Vite serves or built it). The page's
 * shape is ours, so a page without these markers is a build problem, reported as one.
 */
const ROOT = '<div id="root"></div>';

export interface PageParts {
  lang: string;
  head: string;
  root: string;
  /** After #root: the embedded state, the early data call. */
  afterRoot?: string;
  /** Extra tags at the end of <head> (the development stylesheet). */
  headEnd?: string;
}

export function fillPageTemplate(template: string, parts: PageParts): string {
  if (!template.includes(ROOT)) throw new Error(`portal.html has no ${ROOT}: the server render has nowhere to go; check portal.html and rebuild (npm run build)`);
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${parts.lang}">`)
    .replace(/<title>[^<]*<\/title>/, () => parts.head)
    .replace('</head>', () => `${parts.headEnd ?? ''}</head>`)
    .replace(ROOT, () => `<div id="root">${parts.root}</div>${parts.afterRoot ?? ''}`);
}

/** The page without any script: a static page (the 404) that the client app must not take over. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}
