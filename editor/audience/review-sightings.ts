/**
 * Where an item shows in one resolved header or footer: the visible entries of its list, in order. The
 * resolver decides; this only reads its model (editor/analysis/visible-items.ts). Pure.
 */
import type { FooterVisible, HeaderVisible } from '../analysis/visible-items';
import type { IndexedItem } from '../analysis/items';
import type { HeaderVariant } from '../../runtime/resolver';

export type ShellPart = 'header' | 'footer';

/** What one audience sees of one part, and whose account menu it is (the locale's own, or en's fallback). */
export interface PartView {
  header?: HeaderVisible;
  footer?: FooterVisible;
  accountDocument?: string;
}

const HEADER_KINDS: ReadonlySet<IndexedItem['kind']> = new Set(['nav', 'submenu', 'action', 'account']);

export const partOf = (item: IndexedItem): ShellPart => (HEADER_KINDS.has(item.kind) ? 'header' : 'footer');

/** The config section whose menu a header variant shows: a partner-referred visitor gets the public menu's login. */
const sectionOf = (variant: HeaderVariant) => (variant === 'partner' ? 'public' : variant);

/** `/header/private/navItems/3` → `private`. */
const headerSection = (item: IndexedItem) => item.pointer.split('/')[2];

/** The ids this view shows from the list `item` sits in, in their order (other lists' ids filtered out by the caller). */
export function visibleInList(view: PartView, item: IndexedItem): readonly string[] {
  const { header, footer } = view;
  switch (item.kind) {
    case 'nav':
      return header && sectionOf(header.header) === headerSection(item) ? header.nav : [];
    case 'submenu':
      return header && sectionOf(header.header) === headerSection(item)
        ? (header.dropdowns[item.parent!.id] ?? [])
        : [];
    case 'action':
      return header && sectionOf(header.header) === headerSection(item) ? header.actions : [];
    case 'account':
      return header && view.accountDocument === item.document ? header.accountMenu : [];
    case 'footer-column':
      return footer ? Object.keys(footer.footerColumns) : [];
    case 'footer-link':
      return footer?.footerColumns[item.parent!.id] ?? [];
    case 'legal':
      return footer?.legalLinks ?? [];
    case 'market':
      return footer?.markets ?? [];
  }
}
