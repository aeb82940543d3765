/**
 * One server-rendered portal page or 404, from what it is rendered from to what is sent: React's render, the
 * template, the headers (caching, ETag, Content-Security-Policy) and the compressed bodies. Every input is in the
 * task, so it runs the same in a render thread (render-pool.ts) and, in development or without threads, here;
 * the cost of a page (the render, parsing the HTML for its script hashes, Brotli) is all in it.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import type { PortalPageState } from '../../schemas/contracts/portal-state';
import { escapeHtml } from '../../runtime/render/escape-html';
import { renderNotFoundPage } from '../../runtime/render/render-not-found-page';
import { renderPortalPage } from '../../runtime/render/render-portal-page';
import { precompress, type ContentCoding } from '../http/encodings';
import { pageSecurityHeaders } from '../http/security-headers';
import { fillPageTemplate, pageScriptHashes, withoutScripts, type PageLayout } from './page-template';
import { portalPageCss } from './portal-css';

/** A published document as the task carries it: its hashed file name (its identity) and its text. */
export interface DocumentText {
  file: string;
  text: string;
}

export interface PageDocuments<T = DocumentText> {
  config: T;
  /** The en config, for a locale without an account menu (docs/rules.md#account-menu). */
  fallback?: T;
  markets: T;
  flags: T;
}

interface TaskBase {
  documents: PageDocuments;
  /** The clock, in ms: only its year reaches the page (the copyright). */
  now: number;
  origin?: string;
  /** portal.html as the frontend serves it. */
  template: string;
  dev: boolean;
}

/** A portal page: the state's request facts (PortalPageState without its documents, which come as texts). */
export interface PortalPageTask extends TaskBase {
  kind: 'page';
  facts: Omit<PortalPageState, 'version' | 'documents'>;
  /** A logged-in customer's inline early-calls script (server/frontend/early-calls-file.ts). */
  earlyScript?: string;
}

export interface NotFoundTask extends TaskBase {
  kind: 'not-found';
}

export type RenderTask = PortalPageTask | NotFoundTask;

/** What the route sends: the status, every header but the coding's, the HTML as UTF-8 and its compressed forms. */
export interface RenderedPage {
  status: 200 | 404;
  headers: Record<string, string>;
  body: Uint8Array;
  encoded: Partial<Record<ContentCoding, Uint8Array>>;
}

/**
 * docs/rendering.md#caching: a visitor's page is the same for every visitor with the same URL, cookies and
 * Accept-Language (the country banner can come from it), so shared caches may keep it a minute and revalidate
 * it by its ETag; a page rendered for a logged-in customer goes into no shared cache (private) and is not kept
 * (its frame follows the session).
 */
const VISITOR_CACHE = 'public, max-age=60';
const CUSTOMER_CACHE = 'private, no-store';
/** The 404 does not change with the documents often, but a new page must replace it quickly. */
const NOT_FOUND_CACHE = 'public, max-age=60';

/** The development stylesheet: Vite serves CSS through the bundle, which a static page never runs. */
const DEV_STYLESHEET = '<link rel="stylesheet" href="/runtime/styles/index.css">';

/** Parsed documents by file name: a name carries its content hash, so an entry never goes stale. A thread renders a few locales. */
const parsed = new LRUCache<string, object>({ max: 64 });

function parse<T extends object>(document: DocumentText): T {
  let value = parsed.get(document.file);
  if (!value) {
    value = JSON.parse(document.text) as object;
    parsed.set(document.file, value);
  }
  return value as T;
}

type Documents = { config: LocaleConfig; fallback?: LocaleConfig; markets: MarketsDocument; flags: FlagsDocument };

function documentsOf(texts: PageDocuments): Documents {
  return {
    config: parse<LocaleConfig>(texts.config),
    ...(texts.fallback ? { fallback: parse<LocaleConfig>(texts.fallback) } : {}),
    markets: parse<MarketsDocument>(texts.markets),
    flags: parse<FlagsDocument>(texts.flags),
  };
}

/** The HTML of a page and how it may be cached: React's render and the template, without what a response adds. */
export interface RenderedHtml {
  status: 200 | 404;
  html: string;
  cacheControl: string;
  /** The `sha256-…` sources of the scripts the server wrote into the page, never of its content (page-template.ts). */
  scriptHashes: readonly string[];
}

export function renderTask(task: RenderTask): RenderedPage {
  return respond(renderHtml(task), task.dev);
}

export function renderHtml(task: RenderTask): RenderedHtml {
  return task.kind === 'page' ? renderPage(task) : renderNotFound(task);
}

function renderPage(task: PortalPageTask): RenderedHtml {
  const state: PortalPageState = { version: 1, ...task.facts, documents: documentsOf(task.documents) };
  const rendered = renderPortalPage(state, new Date(task.now), task.origin);
  // The scripts the page carries, so its Content-Security-Policy: the template's and what this layout inserts.
  const layout: PageLayout = {
    ...(task.earlyScript ? { earlyScript: task.earlyScript } : {}),
    // Built pages only: Vite's development page has a preamble module that must run before the app's.
    // docs/rendering.md#the-first-paint: a visitor's chrome paints before the bundle loads; a customer's early
    // calls leave before it (docs/rendering.md#the-customers-first-load).
    ...(task.dev
      ? {}
      : { bundle: !state.loggedIn ? 'after-first-paint' : task.earlyScript ? 'after-early-script' : 'async' }),
  };
  const html = fillPageTemplate(task.template, {
    lang: escapeHtml(rendered.lang),
    head: rendered.head,
    root: rendered.root,
    afterRoot: rendered.stateScript,
    ...layout,
    ...stylesheet(task.dev),
  });
  return {
    status: 200,
    html,
    cacheControl: state.loggedIn ? CUSTOMER_CACHE : VISITOR_CACHE,
    scriptHashes: pageScriptHashes(task.template, layout),
  };
}

function renderNotFound(task: NotFoundTask): RenderedHtml {
  const rendered = renderNotFoundPage({
    ...documentsOf(task.documents),
    context: { page: 'home', now: new Date(task.now), ...(task.origin ? { origin: task.origin } : {}) },
  });
  const html = withoutScripts(
    fillPageTemplate(task.template, {
      lang: escapeHtml(rendered.lang),
      head: rendered.head,
      root: rendered.root,
      ...stylesheet(task.dev),
    }),
  );
  // withoutScripts: the 404 carries no script, so its policy allows none.
  return { status: 404, html, cacheControl: NOT_FOUND_CACHE, scriptHashes: [] };
}

/**
 * Development links the stylesheets Vite serves; a built page carries its CSS inline, so its first paint waits
 * for no request (docs/rendering.md#the-first-paint).
 */
function stylesheet(dev: boolean): { headEnd: string } | { inlineCss: string } {
  return dev ? { headEnd: DEV_STYLESHEET } : { inlineCss: portalPageCss() };
}

/** The response for a page's HTML: its headers (caching, Vary, ETag, Content-Security-Policy) and its compressed forms. */
function respond({ status, html, cacheControl, scriptHashes }: RenderedHtml, dev: boolean): RenderedPage {
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    // Development pages change with every edit of the code, which no ETag of the HTML would notice in time.
    'cache-control': dev ? 'no-cache' : cacheControl,
    // The session hint and the country choice are cookies; a visitor's banner and the 404's locale can come
    // from Accept-Language; the coding from Accept-Encoding. A customer's page is kept by no cache, so nothing
    // varies it further.
    vary: cacheControl === CUSTOMER_CACHE ? 'Cookie, Accept-Encoding' : 'Cookie, Accept-Language, Accept-Encoding',
    // Hashes of the template's scripts only (docs/rendering.md#content-security-policy): a script that reached the page
    // through its content gets none, so the browser refuses it.
    ...pageSecurityHeaders('customer', scriptHashes, dev ? 'dev' : 'production'),
  };
  // A shared cache revalidates a visitor's page by its ETag (If-None-Match → 304, server/frontend/frontend.ts). The
  // tag names the HTML, whatever coding carries it: Vary keeps a cache's codings apart, and no range is served.
  if (cacheControl !== CUSTOMER_CACHE)
    headers.etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
  const body = Buffer.from(html, 'utf8');
  return { status, headers, body, encoded: precompress(body) };
}
