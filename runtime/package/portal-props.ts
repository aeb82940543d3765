import type { PageKind } from '../../schemas/contracts';
import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import type { TokenStorage } from '../session';
import type { CollectedEvent } from '../tracking';

/** What the shell hands a host when the customer chose "Log out" (docs/embedding.md#react-props). */
export interface PortalLogoutEvent {
  /** Where the shell goes after its own logout: the locale's login page (or the pension provider's, with pensionLogout). */
  readonly href: string;
  /** The host logs the customer out itself: the shell then revokes, clears and navigates nothing. */
  preventDefault(): void;
}

/**
 * The props every embeddable part takes (docs/embedding.md#react-props). Everything is optional but the locale:
 * the defaults are the portal's own (the config service's manifest, same-origin APIs, the tokens in local storage).
 */
export interface PortalProps {
  /** A locale id (`de-DE`, `en-GB` …) or its path form (`de-de`); config/locales.json lists them. */
  locale: string;
  /** The page kind the host shows (`home`, `login`, `dashboard` …): decides the header type and the active item. Default `home`. */
  page?: PageKind;
  /** The published manifest; its entries are fetched relative to it. Default: the config service's `/configs/manifest.json`. */
  manifestUrl?: string;
  /** Origin (and path prefix) of the customer APIs, e.g. `https://api.portal-shell.example`. Default: same origin. */
  apiBase?: string;
  /** Where the access and refresh tokens live (the portal's local-storage keys, TOKEN_STORAGE_KEYS). Default: `window.localStorage`. */
  tokenStorage?: TokenStorage;
  /** The feature flags that are on; default: the flags document's defaults. */
  flags?: readonly string[];
  /**
   * Moves the host's router to a same-origin shell link on a plain left click (modified and middle clicks, `target`,
   * `download` and other origins keep the browser's behaviour). Without it links load the page as usual.
   */
  navigate?: (href: string) => void;
  /** The customer chose "Log out"; call `event.preventDefault()` to log out yourself. */
  onLogout?: (event: PortalLogoutEvent) => void;
  /** Every analytics event the shell sends (docs/rules.md#tracking), with the identity beside it. Default: dropped. */
  onTrack?: (event: CollectedEvent) => void;
  /** The footer's consent-settings link: open the host's consent manager. */
  onOpenConsentSettings?: () => void;
  /** Path plus hash of the host's current location, for the active item; default: the page's portal path. */
  currentPath?: string;
  /**
   * Documents already at hand (a server render, a page that embedded them): with `config`, `markets` and
   * `flagsDocument` the first render is complete and nothing is fetched. Pass the same ones when hydrating.
   */
  config?: LocaleConfig;
  markets?: MarketsDocument;
  flagsDocument?: FlagsDocument;
}
