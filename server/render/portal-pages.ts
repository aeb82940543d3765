/**
 * The config service's server render of the portal (docs/rendering.md): a portal page's HTML with the
 * complete chrome for the request and the state the client hydrates from, and the 404 page with chrome for
 * a portal path that names no page. Everything React renders comes from runtime/render, the one render entry
 * point (page-render.ts); this file decides only which documents and which request facts, and where the page
 * comes from: the page cache (page-cache.ts), else a render thread (render-pool.ts).
 */
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import { LOCALE_CONFIG_IDS, type ConfigDocumentId } from '../../schemas/validator/index';
import { CLIENT_ONLY_PARAM, COUNTRY_CHOICE_COOKIE, SESSION_HINT_COOKIE } from '../../schemas/contracts/portal-state';
import { countryChoiceFor, planPortalPage } from '../../runtime/render/portal-request';
import { parseAcceptLanguage } from '../../runtime/render/accept-language';
import { ACCOUNT_MENU_FALLBACK } from '../../schemas/locale-registry';
import type { DocumentStore } from '../storage/store';
import { PageCache, type PageCacheStats } from './page-cache';
import { canonicalCountry, renderedDistributor, ruleDocuments } from './page-facts';
import { renderKey } from './page-key';
import type { DocumentText, PageDocuments, RenderedPage, RenderTask } from './page-render';
import { createRenderPool, type RenderPool } from './render-pool';
import { PublishedDocuments, type PublishedDocument } from './published-documents';

export type { RenderedPage } from './page-render';

export interface PortalRequest {
  /** The request URL (path and query). */
  url: string;
  cookies: Record<string, string | undefined>;
  acceptLanguage?: string | undefined;
  /** `https://host`, for the absolute canonical and hreflang links. */
  origin?: string | undefined;
}

export interface PortalPagesOptions {
  dev: boolean;
  now?: () => Date;
  /** PAGE_CACHE_MB in bytes (docs/operations.md#the-page-cache); 0 keeps nothing. Development keeps nothing. */
  cacheBytes?: number;
  /** RENDER_THREADS (docs/operations.md#render-threads); 0 renders in the main thread, as development does. */
  renderThreads?: number;
  log?: (message: string) => void;
}

/** The default locale of a 404 that neither its path nor Accept-Language names: the English config of the rest of the EU. */
const DEFAULT_LOCALE: ConfigDocumentId = 'en';

type Loaded = PageDocuments<PublishedDocument<unknown>>;

export class PortalPages {
  readonly #documents: PublishedDocuments;
  readonly #dev: boolean;
  readonly #now: () => Date;
  readonly #cache: PageCache;
  readonly #pool: RenderPool;

  constructor(store: Pick<DocumentStore, 'readPublished'>, options: PortalPagesOptions) {
    this.#documents = new PublishedDocuments(store);
    this.#dev = options.dev;
    this.#now = options.now ?? (() => new Date());
    this.#cache = new PageCache(options.dev ? 0 : (options.cacheBytes ?? 0));
    this.#pool = createRenderPool(options.dev ? 0 : (options.renderThreads ?? 0), options.log ?? (() => undefined));
  }

  /**
   * A server-rendered portal page, or undefined when this request gets the client-only page: `?ssr=0`, a page
   * that needs a login without the session hint (the client sends the visitor to the login page), a locale
   * without a config, documents not (yet) published (the client shows its fallback chrome), or a render queue
   * that is full (render-pool.ts).
   * `earlyScript`: the inline early-calls script of a customer build (server/frontend/early-calls-file.ts), which a
   * logged-in customer's page carries so the header's first calls leave while the page is parsed
   * (docs/rendering.md#the-customers-first-load); undefined in a mocks build and in development.
   */
  async page(
    template: () => Promise<string>,
    request: PortalRequest,
    earlyScript?: () => Promise<string | undefined>,
  ): Promise<RenderedPage | undefined> {
    const url = new URL(request.url, 'http://portal.invalid');
    if (url.searchParams.get(CLIENT_ONLY_PARAM) === '0') return undefined;
    const loggedIn = request.cookies[SESSION_HINT_COOKIE] === '1';
    const plan = planPortalPage(url.pathname, loggedIn);
    if (!plan) return undefined;
    const documents = await this.#load(plan.configId);
    if (!documents) return undefined;
    const { config, markets } = values(documents);
    // docs/rendering.md#the-page-cache: the choices that render alike are one value, so a made-up one is no new page.
    const choice = countryChoiceFor(
      {
        query: url.searchParams.get('country'),
        cookie: request.cookies[COUNTRY_CHOICE_COOKIE],
        acceptLanguage: request.acceptLanguage,
        loggedIn,
      },
      markets.markets,
      config.locale,
    );
    const country = canonicalCountry(choice, markets);
    const distributorId = renderedDistributor(
      url.searchParams.get('distributor'),
      loggedIn,
      ruleDocuments(values(documents)),
    );
    const early = loggedIn ? await earlyScript?.() : undefined;
    return this.#render(template, {
      kind: 'page',
      facts: {
        pathname: url.pathname,
        page: plan.page,
        configId: plan.configId,
        loggedIn,
        ...(country ? { country } : {}),
        ...(distributorId ? { distributorId } : {}),
      },
      ...(early ? { earlyScript: early } : {}),
      ...this.#common(documents, request),
    });
  }

  /**
   * The 404 page with chrome for a path shaped like a portal page (`/xx-yy/…`, `/de-de/nope/`) that names none,
   * in the best-matching locale: the path's own locale, else the first Accept-Language entry with a config,
   * else the default. Undefined for other paths (the editor's), while nothing is published, and when the render
   * queue is full (the caller answers as it does for other paths).
   */
  async notFound(template: () => Promise<string>, request: PortalRequest): Promise<RenderedPage | undefined> {
    const pathname = new URL(request.url, 'http://portal.invalid').pathname;
    const segment = /^\/([a-z]{2}(?:-[a-z]{2})?)(?:\/|$)/i.exec(pathname)?.[1];
    if (!segment) return undefined;
    const locale = configIdFor(segment) ?? fromAcceptLanguage(request.acceptLanguage) ?? DEFAULT_LOCALE;
    const documents = await this.#load(locale);
    if (!documents) return undefined;
    return this.#render(template, { kind: 'not-found', ...this.#common(documents, request) });
  }

  /** Empties the page cache: called on every publication (server/app.ts). */
  published(): void {
    this.#cache.clear();
  }

  /** The page cache's figures, and where pages were rendered. */
  stats(): PageCacheStats & { renderedInThreads: number; renderedHere: number } {
    return {
      ...this.#cache.stats(),
      renderedInThreads: this.#pool.rendered.inThreads,
      renderedHere: this.#pool.rendered.here,
    };
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  /** What every task holds besides its kind's facts; the template is read only when the page is rendered. */
  #common(
    documents: Loaded,
    request: PortalRequest,
  ): { documents: PageDocuments; now: number; origin?: string; template: string; dev: boolean } {
    return {
      documents: texts(documents),
      now: this.#now().getTime(),
      ...(request.origin ? { origin: request.origin } : {}),
      template: '',
      dev: this.#dev,
    };
  }

  #render(template: () => Promise<string>, task: RenderTask): Promise<RenderedPage | undefined> {
    return this.#cache.get(renderKey(task), async () => this.#pool.render({ ...task, template: await template() }));
  }

  async #load(configId: ConfigDocumentId): Promise<Loaded | undefined> {
    const manifest = await this.#documents.manifest();
    if (!manifest) return undefined;
    const [config, markets, flags] = await Promise.all([
      this.#documents.document<LocaleConfig>(manifest, configId),
      this.#documents.document<MarketsDocument>(manifest, 'markets'),
      this.#documents.document<FlagsDocument>(manifest, 'flags'),
    ]);
    if (!config || !markets || !flags) return undefined;
    // docs/rules.md#account-menu: a locale without an account menu uses the English list, as ShellScreen loads it.
    const needsFallback = !config.value.accountMenu && config.value.locale !== ACCOUNT_MENU_FALLBACK;
    const fallback = needsFallback
      ? await this.#documents.document<LocaleConfig>(manifest, ACCOUNT_MENU_FALLBACK)
      : undefined;
    if (needsFallback && !fallback) return undefined;
    return { config, markets, flags, ...(fallback ? { fallback } : {}) };
  }
}

function values(documents: Loaded): { config: LocaleConfig; fallback?: LocaleConfig; markets: MarketsDocument } {
  return {
    config: documents.config.value as LocaleConfig,
    ...(documents.fallback ? { fallback: documents.fallback.value as LocaleConfig } : {}),
    markets: documents.markets.value as MarketsDocument,
  };
}

function texts(documents: Loaded): PageDocuments {
  const text = ({ file, text }: PublishedDocument<unknown>): DocumentText => ({ file, text });
  return {
    config: text(documents.config),
    ...(documents.fallback ? { fallback: text(documents.fallback) } : {}),
    markets: text(documents.markets),
    flags: text(documents.flags),
  };
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
