import { SUB_MENU_LISTS, type FooterModel, type HeaderModel, type HeaderVariant } from '../../runtime/resolver';

/** What one audience sees: item ids per place. */
export interface VisibleItems {
  header: HeaderVariant;
  nav: string[];
  /** Nav item id → the ids of its dropdown's entries. */
  dropdowns: Record<string, string[]>;
  actions: string[];
  accountMenu: string[];
  /** Footer column id → the ids of its links. */
  footerColumns: Record<string, string[]>;
  legalLinks: string[];
  markets: string[];
}

export type HeaderVisible = Pick<VisibleItems, 'header' | 'nav' | 'dropdowns' | 'actions' | 'accountMenu'>;
export type FooterVisible = Pick<VisibleItems, 'footerColumns' | 'legalLinks' | 'markets'>;

export function headerVisible(header: HeaderModel): HeaderVisible {
  const dropdowns: Record<string, string[]> = {};
  for (const nav of header.navItems)
    if (nav.subMenu) dropdowns[nav.id] = SUB_MENU_LISTS.flatMap((list) => nav.subMenu![list].map((i) => i.id));
  return {
    header: header.variant,
    nav: header.navItems.map((n) => n.id),
    dropdowns,
    actions: header.actionItems.map((a) => a.id),
    accountMenu: header.customer?.accountMenu.items.map((i) => i.id) ?? [],
  };
}

/** A page without a footer shows none of its items. */
export function footerVisible(footer: FooterModel | undefined): FooterVisible {
  const footerColumns: Record<string, string[]> = {};
  for (const column of footer?.columns ?? []) footerColumns[column.id] = column.links.map((l) => l.id);
  return {
    footerColumns,
    legalLinks: footer?.legalLinks.map((l) => l.id) ?? [],
    markets: footer?.marketPicker?.markets.map((m) => m.id) ?? [],
  };
}
