import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../generated/config-types';
import type { PageKind } from './page-kinds';
import type { ConfigDocumentId } from '../validator/documents';

/** The id of the <script type="application/json"> a server-rendered portal page carries its state in. */
export const PORTAL_STATE_ELEMENT_ID = 'ps-portal-state';

/**
 * The cookie that tells the server a customer is logged in on this browser (value `1`), so it can render the
 * private frame (docs/rendering.md#who-gets-what). The tokens themselves stay in local storage, which the
 * server cannot read; the client sets and clears the hint from them (runtime/host/session-hint.ts).
 */
export const SESSION_HINT_COOKIE = 'ps_session';

/** The country choice an edge or an earlier page set (docs/rules.md#country-banner); `?country=` wins over it. */
export const COUNTRY_CHOICE_COOKIE = 'country_choice';

/** The query parameter that turns the server render off for one request: the client-only baseline (docs/rendering.md#client-only-mode). */
export const CLIENT_ONLY_PARAM = 'ssr';

/**
 * What the server rendered a portal page from, embedded in the page so the client's first render is
 * synchronous and identical (docs/rendering.md#hydration): the published documents, and the request facts
 * that the client cannot know for itself (the country choice cookie) or must agree on (logged in or not).
 */
export interface PortalPageState {
  version: 1;
  /** The pathname the state belongs to; the client ignores a state for another path. */
  pathname: string;
  page: PageKind;
  configId: ConfigDocumentId;
  documents: { config: LocaleConfig; fallback?: LocaleConfig; markets: MarketsDocument; flags: FlagsDocument };
  loggedIn: boolean;
  country?: string;
  distributorId?: string;
}
