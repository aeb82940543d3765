/**
 * The config service's server render of the portal (docs/rendering.md): a portal page's HTML with the
 * complete chrome for the request and the state the client hydrates from, and the 404 page with chrome for
 * a portal path that names no page. Everything React renders comes from runtime/render, the one render entry
 * point; this file decides only which documents, which request facts and which cache headers.
 */
import { createHash } from 'node:crypto';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { LOCALE_CONFIG_IDS, type ConfigDocumentId } from '../../schemas/validator/index';
import { escapeHtml } from '../../runtime/render/escape-html';
import { CLIENT_ONLY_PARAM, COUNTRY_CHOICE_COOKIE, SESSION_HINT_COOKIE, type PortalPageState } from '../../schemas/contracts/portal-state';
import { renderNotFoundPage } from '../../runtime/render/render-not-found-page';
import { countryChoiceFor, planPortalPage } from '../../runtime/render/portal-request';
import { parseAcceptLanguage } from '../../runtime/render/accept-language';
import { ACCOUNT_MENU_FALLBACK } from '../../schemas/locale-registry';
import { renderPortalPage } from '../../runtime/render/render-portal-page';
import type { DocumentStore } from '../storage/store';
import { fillPageTemplate, pageScriptHashes, withoutScripts, type PageLayout } from './page-template';
import { portalPageCss } from './portal-css';
import { PublishedDocuments } from './published-documents';

/** What the route sends: the HTML, its status and its caching headers. */
export interface PortalResponse {
  status: 200 | 404;
  html: string;
  headers: Record<string, string>;
  /** The `sha256-…` sources of the inline scripts the server wrote into the page, for its Content-Security-Policy (page-template.ts). */
  scriptHashes: readonly string[];
}

export interface PortalRequest {
  /** The request URL (path and query). */
  url: string;
  cookies: Record<string, string | undefined>;
  acceptLanguage?: string | undefined;
  /**
   * The configured public origin (`https://host`, server/http/public-origin.ts), for the absolute canonical, hreflang
   * and og:image URLs; never one read from the request's headers (docs/operations.md#the-public-origin).
   */
  origin?: string | undefined;
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

/** The default locale of a 404 that neither its path nor Accept-Language names: the English config of the rest of the EU. */
const DEFAULT_LOCALE: ConfigDocumentId = 'en';

/** The development stylesheet: Vite serves CSS through the bundle, which a static page never runs. */
const DEV_STYLESHEET = '<link rel="stylesheet" href="/runtime/styles/index.css">';

type Documents = { config: LocaleConfig; fallback?: LocaleConfig; markets: MarketsDocument; flags: FlagsDocument };

export class PortalPages {
  readonly #documents: PublishedDocuments;
  readonly #dev: boolean;
  readonly #now: () => Date;

  constructor(store: Pick<DocumentStore, 'readPublished'>, options: { dev: boolean; now?: () => Date }) {
    this.#documents = new PublishedDocuments(store);
    this.#dev = options.dev;
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * A server-rendered portal page, or undefined when this request gets the client-only page: `?ssr=0`, a page
   * that needs a login without the session hint (the client sends the visitor to the login page), a locale
   * without a config, or documents not (yet) published (the client shows its fallback chrome).
   * `earlyScript`: the inline early-calls script of a customer build (server/frontend/early-calls-file.ts), which a
   * logged-in customer's page carries so the header's first calls leave while the page is parsed
   * (docs/rendering.md#the-customers-first-load); undefined in a mocks build and in development.
   */
  async page(template: () => Promise<string>, request: PortalRequest, earlyScript?: () => Promise<string | undefined>): Promise<PortalResponse | undefined> {
    const url = new URL(request.url, 'http://portal.invalid');
    if (url.searchParams.get(CLIENT_ONLY_PARAM) === '0') return undefined;
    const loggedIn = request.cookies[SESSION_HINT_COOKIE] === '1';
    const plan = planPortalPage(url.pathname, loggedIn);
    if (!plan) return undefined;
    const documents = await this.#load(plan.configId);
    if (!documents) return undefined;
    const country = countryChoiceFor({ query: url.searchParams.get('country'), cookie: request.cookies[COUNTRY_CHOICE_COOKIE], acceptLanguage: request.acceptLanguage, loggedIn }, documents.markets.markets, documents.config.locale);
    const distributorId = url.searchParams.get('distributor');
    const state: PortalPageState = {
      version: 1,
      pathname: url.pathname,
      page: plan.page,
      configId: plan.configId,
      documents,
      loggedIn,
      ...(country ? { country } : {}),
      ...(distributorId ? { distributorId } : {}),
    };
    const rendered = renderPortalPage(state, this.#now(), request.origin);
    const early = loggedIn ? await earlyScript?.() : undefined;
    // The scripts the page carries, so its Content-Security-Policy: the template's and what this layout inserts.
    const layout: PageLayout = {
      ...(early ? { earlyScript: early } : {}),
      // Built pages only: Vite's development page has a preamble module that must run before the app's.
      // docs/rendering.md#the-first-paint: a visitor's chrome paints before the bundle loads; a customer's early
      // calls leave before it (docs/rendering.md#the-customers-first-load).
      ...(this.#dev ? {} : { bundle: !loggedIn ? 'after-first-paint' : early ? 'after-early-script' : 'async' }),
    };
    const page = await template();
    const html = fillPageTemplate(page, {
      lang: escapeHtml(rendered.lang),
      head: rendered.head,
      root: rendered.root,
      afterRoot: rendered.stateScript,
      ...layout,
      ...this.#stylesheet(),
    });
    return this.#respond(200, html, loggedIn ? CUSTOMER_CACHE : VISITOR_CACHE, pageScriptHashes(page, layout));
  }

  /**
   * The 404 page with chrome for a path shaped like a portal page (`/xx-yy/…`, `/de-de/nope/`) that names none,
   * in the best-matching locale: the path's own locale, else the first Accept-Language entry with a config,
   * else the default. Undefined for other paths (the editor's) and while nothing is published.
   */
  async notFound(template: () => Promise<string>, request: PortalRequest): Promise<PortalResponse | undefined> {
    const pathname = new URL(request.url, 'http://portal.invalid').pathname;
    const segment = /^\/([a-z]{2}(?:-[a-z]{2})?)(?:\/|$)/i.exec(pathname)?.[1];
    if (!segment) return undefined;
    const locale = configIdFor(segment) ?? fromAcceptLanguage(request.acceptLanguage) ?? DEFAULT_LOCALE;
    const documents = await this.#load(locale);
    if (!documents) return undefined;
    const rendered = renderNotFoundPage({ ...documents, context: { page: 'home', now: this.#now(), ...(request.origin ? { origin: request.origin } : {}) } });
    const html = withoutScripts(fillPageTemplate(await template(), { lang: escapeHtml(rendered.lang), head: rendered.head, root: rendered.root, ...this.#stylesheet() }));
    // withoutScripts: the 404 carries no script, so its policy allows none.
    return this.#respond(404, html, NOT_FOUND_CACHE, []);
  }

  /**
   * Development links the stylesheets Vite serves; a built page carries its CSS inline, so its first paint waits
   * for no request (docs/rendering.md#the-first-paint).
   */
  #stylesheet(): { headEnd: string } | { inlineCss: string } {
    return this.#dev ? { headEnd: DEV_STYLESHEET } : { inlineCss: portalPageCss() };
  }

  async #load(configId: ConfigDocumentId): Promise<Documents | undefined> {
    const manifest = await this.#documents.manifest();
    if (!manifest) return undefined;
    const [config, markets, flags] = await Promise.all([
      this.#documents.document<LocaleConfig>(manifest, configId),
      this.#documents.document<MarketsDocument>(manifest, 'markets'),
      this.#documents.document<FlagsDocument>(manifest, 'flags'),
    ]);
    if (!config || !markets || !flags) return undefined;
    // docs/rules.md#account-menu: a locale without an account menu uses the English list, as ShellScreen loads it.
    const needsFallback = !config.accountMenu && config.locale !== ACCOUNT_MENU_FALLBACK;
    const fallback = needsFallback ? await this.#documents.document<LocaleConfig>(manifest, ACCOUNT_MENU_FALLBACK) : undefined;
    if (needsFallback && !fallback) return undefined;
    return { config, markets, flags, ...(fallback ? { fallback } : {}) };
  }

  #respond(status: 200 | 404, html: string, cacheControl: string, scriptHashes: readonly string[]): PortalResponse {
    const headers: Record<string, string> = {
      'content-type': 'text/html; charset=utf-8',
      // Development pages change with every edit of the code, which no ETag of the HTML would notice in time.
      'cache-control': this.#dev ? 'no-cache' : cacheControl,
      // The session hint and the country choice are cookies; a visitor's banner and the 404's locale can come
      // from Accept-Language. A customer's page is kept by no cache, so nothing varies it further.
      vary: cacheControl === CUSTOMER_CACHE ? 'Cookie' : 'Cookie, Accept-Language',
    };
    // A shared cache revalidates a visitor's page by its ETag (If-None-Match → 304, server/frontend/frontend.ts).
    if (cacheControl !== CUSTOMER_CACHE) headers.etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    return { status, html, headers, scriptHashes };
  }
}

function configIdFor(tag: string): ConfigDocumentId | undefined {
  return LOCALE_CONFIG_IDS.find((id) => id.toLowerCase() === tag.toLowerCase());
}

/** The first language range of an Accept-Language header, by weight, that names a config: exactly, or by its language (`de` → de-DE). */
export function fromAcceptLanguage(header: string | undefined): ConfigDocumentId | undefined {
  for (const { range } of parseAcceptLanguage(header)) {
    const exact = configIdFor(range);
    if (exact) return exact;
    const language = range.split('-')[0]!;
    const byLanguage = LOCALE_CONFIG_IDS.find((id) => id.toLowerCase().split('-')[0] === language);
    if (byLanguage) return byLanguage;
  }
  return undefined;
}
