import type { FlagsDocument, LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';
import type { PageKind } from '../../schemas/contracts';
import type { ShellModel } from '../resolver';

/** Who is asking and for what: everything besides the documents that decides the chrome (docs/rendering.md#what-is-server-rendered). */
export interface RenderContext {
  page: PageKind;
  /** The clock: the copyright year. Injected, so a render is a function of its input. */
  now: Date;
  /**
   * The site's origin, e.g. `https://www.depona.de`, for the absolute canonical and hreflang URLs of the head.
   * Without it those links are root-relative.
   */
  origin?: string;
  /** A market id (`?country=de`, the `country_choice` cookie): the country banner suggests it when it is another market. */
  country?: string;
  /** A customer is logged in: the private frame renders (logo, menus without customer data, placeholders). Default: a visitor. */
  loggedIn?: boolean;
  /** A visitor referred by a partner (`?distributor=`). */
  distributorId?: string;
}

/**
 * The input of renderShell: the validated, default-filled documents the config service publishes, the flag
 * values and the request's context.
 */
export interface RenderShellInput {
  /** The locale config chooseConfig() picked for the page. */
  config: LocaleConfig;
  /** The en config, when `config` has no account menu of its own (docs/rules.md#account-menu). */
  fallback?: LocaleConfig;
  markets: MarketsDocument;
  flags: FlagsDocument;
  /** The flags that are on; undefined: the registry's defaults. */
  flagValues?: readonly string[];
  context: RenderContext;
}

/** HTML strings, each safe to write into a page as it is. */
export interface RenderedShell {
  /** <title>, description, robots, canonical, hreflang alternates and Open Graph tags. */
  head: string;
  /** The consent manager and the consent defaults, for hosts that do not run the shell's runtime (it loads them itself). */
  headScripts: string;
  /** The header element, in its `ps-root` wrapper. */
  header: string;
  /** The footer element; empty on pages that hide it. */
  footer: string;
  /** The country banner, empty when no other market is suggested. */
  banner: string;
  /** The model the markup was rendered from. */
  model: ShellModel;
}
