import type { VisibleItems } from '../analysis';
import { indexConfig, indexMarkets, type IndexedItem } from '../analysis/items';
import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';

/** Where an item is shown; the engine reports visibility per place (VisibleItems). */
export type ItemPlace = 'nav' | 'dropdown' | 'action' | 'account' | 'column' | 'footer-link' | 'legal' | 'market';

/** One item a locale can show, named the way the matrix and the publish review print it. */
export interface CatalogItem {
  /** `<place>:<id>`; ids are unique within a document, and each place reads one document. */
  key: string;
  place: ItemPlace;
  id: string;
  title: string;
  /** In words: `header.private › Tarjoukset`. */
  location: string;
  /** The document the pointer points into (the locale, `en` for a borrowed account menu, or `markets`). */
  document: string;
  pointer: string;
  /** The container's key (dropdown entry → its nav item, footer link → its column). */
  parent?: string;
}

/** Items in document order (header, account menu, footer, markets), by key. */
export type Catalog = ReadonlyMap<string, CatalogItem>;

const PLACE_OF_KIND: Record<IndexedItem['kind'], ItemPlace> = {
  nav: 'nav',
  submenu: 'dropdown',
  action: 'action',
  account: 'account',
  'footer-column': 'column',
  'footer-link': 'footer-link',
  legal: 'legal',
  market: 'market',
};

export const itemKey = (place: ItemPlace, id: string) => `${place}:${id}`;

function toCatalogItem(item: IndexedItem): CatalogItem {
  const place = PLACE_OF_KIND[item.kind];
  return {
    key: itemKey(place, item.id),
    place,
    id: item.id,
    title: item.title,
    location: item.location,
    document: item.document,
    pointer: item.pointer,
    ...(item.parent ? { parent: itemKey(PLACE_OF_KIND[item.parent.kind], item.parent.id) } : {}),
  };
}

/**
 * Everything `config` can show: its own items, the en account menu when it has none (the resolver's
 * fallback), and the market list.
 */
export function buildCatalog(
  config: LocaleConfig,
  fallback: LocaleConfig | undefined,
  markets: readonly MarketEntry[],
): Catalog {
  const items = indexConfig(config);
  if (!config.accountMenu && fallback) items.push(...indexConfig(fallback).filter((i) => i.kind === 'account'));
  items.push(...indexMarkets(markets));
  const catalog = new Map<string, CatalogItem>();
  for (const item of items.map(toCatalogItem)) if (!catalog.has(item.key)) catalog.set(item.key, item);
  return catalog;
}

/** The keys of every item one audience sees. */
export function visibleKeys(visible: VisibleItems): string[] {
  const keys = visible.nav.map((id) => itemKey('nav', id));
  for (const entries of Object.values(visible.dropdowns)) keys.push(...entries.map((id) => itemKey('dropdown', id)));
  keys.push(...visible.actions.map((id) => itemKey('action', id)));
  keys.push(...visible.accountMenu.map((id) => itemKey('account', id)));
  for (const [column, links] of Object.entries(visible.footerColumns))
    keys.push(itemKey('column', column), ...links.map((id) => itemKey('footer-link', id)));
  keys.push(...visible.legalLinks.map((id) => itemKey('legal', id)));
  keys.push(...visible.markets.map((id) => itemKey('market', id)));
  return keys;
}
