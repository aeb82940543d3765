import { MARKET_LOCALE_IDS } from '../../schemas/locale-registry';
import type { ConfigId, LocaleConfig } from '../../schemas/generated/config-types';
import { PAGE_KINDS, type PageKind, PAGES } from '../../runtime/resolver';

/** A column of the matrix: a page kind, plus the corporate page's bank-navigation variant (it has items of its own). */
export interface MatrixPage {
  id: string;
  page: PageKind;
  bankNavigation?: true;
}

export const MATRIX_PAGES: readonly MatrixPage[] = [
  ...PAGE_KINDS.map((page) => ({ id: page, page })),
  { id: 'corporate-bank-navigation', page: 'corporate', bankNavigation: true },
];

/** Which header section a page shows (before the logged-in / partner choice), for configs that are not a market. */
const HEADER_SECTION_OF_PAGE: Partial<Record<PageKind, keyof LocaleConfig['header']>> = {
  login: 'login',
  'open-banking': 'login',
  register: 'register',
  home: 'public',
  dashboard: 'private',
  integrated: 'integrated',
};

const MARKET_LOCALES: ReadonlySet<string> = new Set(MARKET_LOCALE_IDS);

/** One of the twelve market locales (plain en is not one). */
export const isMarketLocale = (id: string) => MARKET_LOCALES.has(id);

/**
 * The pages on which a document is checked:
 * - pages with a fixed config (country selector, corporate) only under that config (en), not once per locale;
 * - a market locale on every other page;
 * - a config that is no market locale (plain en) only on the pages whose header section it defines
 *   (en: login and open banking). Elsewhere plain en shows the logo only (docs/rules.md#header-choice).
 */
export function pagesFor(config: LocaleConfig): MatrixPage[] {
  const id: ConfigId = config.locale;
  return MATRIX_PAGES.filter((p) => {
    const fixed = PAGES[p.page].fixedConfig;
    if (fixed) return fixed === id;
    if (MARKET_LOCALES.has(id)) return true;
    const section = HEADER_SECTION_OF_PAGE[p.page];
    return section !== undefined && config.header[section] !== undefined;
  });
}
