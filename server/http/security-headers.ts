/**
 * The headers every HTML page carries: a Content-Security-Policy, X-Frame-Options for browsers that
 * predate frame-ancestors, and (on every response, app.ts) nosniff and Referrer-Policy.
 *
 * Scripts: only our own files, plus the inline scripts the server itself writes, allowed by their sha256
 * hashes (docs/rendering.md#content-security-policy). The hashes come from the page template (the HTML the
 * frontend hands out: the mocks build's early mock-worker registration, vite.config.ts, and Vite dev's
 * react-refresh preamble) and from the scripts the page assembly inserts by construction (the bundle loader,
 * a logged-in customer's early-calls script: server/render/page-template.ts). They are never computed from a
 * page's rendered content, so a script that an HTML injection leaves in the chrome has no hash in the policy and
 * is refused. Hashes rather than a per-response nonce: the same template gives the same policy, so a cached page
 * and its policy stay valid together.
 *
 * Framing: the editor pages frame nothing in and may be framed by nobody (a framed editor lets
 * another site clickjack Save and Publish). The portal's /preview may be framed by this origin only,
 * because the editor shows it in an iframe (editor/preview/PreviewPane.tsx); customer pages by nobody.
 *
 * What each directive allows, and why:
 *   - style-src 'unsafe-inline': Chakra UI (emotion) and Monaco insert <style> elements and style attributes.
 *   - editor script-src 'unsafe-eval': the editor's live validation compiles the schemas with Ajv, which
 *     generates code (schemas/validator/ajv-instance.ts). Customer pages never compile a schema in a
 *     build; under `npm start` the portal's dev check does (runtime/config/get-published-config.ts), so dev allows it there too.
 *   - worker-src 'self' blob:: Monaco's editor and JSON workers, and the preview's mock service worker.
 *   - img-src https: data:: config images are / paths or https:// URLs (schemas/validator/semantic-checks.ts).
 *   - portal script-src and connect-src: the tag manager and consent manager the runtime loads in the
 *     production environment, and its API hosts, named where the runtime names them.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { DEFAULT_API_HOSTS } from '../../runtime/api/environment';
import { CONSENT_MANAGER_LOADER_URL } from '../../runtime/tracking/consent';
import { tagManagerScript } from '../../runtime/tracking/tag-manager';

/** Which policy a page gets. */
export type PageKind = 'editor' | 'preview' | 'customer';
export type ServeMode = 'dev' | 'production';

type Element = DefaultTreeAdapterMap['element'];
type ChildNode = DefaultTreeAdapterMap['childNode'];

const origin = (url: string) => new URL(url).origin;
/** The third parties the portal runtime may load in production (runtime/tracking). */
const PORTAL_SCRIPT_ORIGINS = [...new Set([origin(tagManagerScript('other').src), origin(CONSENT_MANAGER_LOADER_URL)])];
/** The API hosts the portal runtime calls outside local development (runtime/api/environment.ts). */
const PORTAL_API_ORIGINS = [
  ...new Set(
    Object.values(DEFAULT_API_HOSTS).flatMap((hosts) =>
      Object.values(hosts)
        .filter((url) => /^https:/.test(url))
        .map(origin),
    ),
  ),
];

/**
 * The headers for an HTML page of `kind` whose inline scripts are `scriptHashes`: templateScriptHashes of the
 * template it was made from, or what the page assembly says it inserted (server/render/page-template.ts).
 */
export function pageSecurityHeaders(
  kind: PageKind,
  scriptHashes: readonly string[],
  mode: ServeMode,
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(kind, scriptHashes, mode),
    'x-frame-options': kind === 'preview' ? 'SAMEORIGIN' : 'DENY',
  };
}

export function contentSecurityPolicy(kind: PageKind, scriptHashes: readonly string[], mode: ServeMode): string {
  const portal = kind !== 'editor';
  const evaluates = kind === 'editor' || mode === 'dev';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...scriptHashes.map((hash) => `'${hash}'`),
      ...(evaluates ? ["'unsafe-eval'"] : []),
      ...(portal ? PORTAL_SCRIPT_ORIGINS : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // Vite's HMR websocket in development.
    'connect-src': ["'self'", ...(portal ? PORTAL_API_ORIGINS : []), ...(mode === 'dev' ? ['ws:', 'wss:'] : [])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'frame-ancestors': [kind === 'preview' ? "'self'" : "'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

const hashCache = new Map<string, string[]>();

/**
 * `sha256-…` of every inline script `template` holds that the browser would run, as the browser hashes it (the
 * element's text). For a template, or a page of one that holds no rendered content yet: hashing the page being sent
 * would allow whatever script an injection put there.
 */
export function templateScriptHashes(template: string): string[] {
  const cached = hashCache.get(template);
  if (cached) return cached;
  const hashes: string[] = [];
  const pending: ChildNode[] = [...parse(template).childNodes];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (!('tagName' in node)) continue;
    const element = node as Element;
    if (element.tagName === 'script' && !element.attrs.some((a) => a.name === 'src') && !isDataBlock(element)) {
      const text = element.childNodes
        .map((child) => ('value' in child && child.nodeName === '#text' ? child.value : ''))
        .join('');
      hashes.push(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
    }
    pending.push(...element.childNodes);
    if (element.tagName === 'template')
      pending.push(...(element as DefaultTreeAdapterMap['template']).content.childNodes);
  }
  // The production template is the same on every request, dev's changes only with an edit: a few entries suffice.
  if (hashCache.size > 16) hashCache.clear();
  hashCache.set(template, hashes);
  return hashes;
}

/**
 * A data block (`type="application/json"` and the like), which the browser never runs and the policy need not allow.
 * Script types the browser runs or treats as code under script-src (HTML's "prepare the script element"): none or
 * empty, a JavaScript MIME type, `module`, `importmap`, `speculationrules`.
 */
function isDataBlock(element: Element): boolean {
  const type = element.attrs
    .find((a) => a.name === 'type')
    ?.value.trim()
    .toLowerCase();
  if (type === undefined || type === '' || type === 'module' || type === 'importmap' || type === 'speculationrules')
    return false;
  return !/^(text|application)\/(x-)?(java|ecma)script$|^text\/(javascript1\.[0-5]|jscript|livescript)$/.test(type);
}
