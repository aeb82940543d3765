import { SUB_MENU_LISTS, type ResolvedMenuItem, type ResolvedSubMenu } from '../../resolver';
import { DROPDOWN_WIDTH } from '../../theme/layout';

/** Main lists longer than this flow into two columns. */
const ONE_COLUMN_MAX_ITEMS = 4;

export interface SubMenuLayout {
  /** Panel width in px, always within 440–872 (docs/rules.md#design-versions). */
  width: number;
  /** Columns the main list is split into. */
  mainColumns: 1 | 2;
  hasSidebar: boolean;
  /** "even": main columns and sidebar share the width equally; "default": the sidebar is narrow. */
  even: boolean;
}

/** Decides how a dropdown panel is laid out, from its content only (pure, unit-tested). */
export function subMenuLayout(subMenu: ResolvedSubMenu): SubMenuLayout {
  const mainColumns = subMenu.main.length > ONE_COLUMN_MAX_ITEMS ? 2 : 1;
  const hasSidebar = subMenu.sidebar.length > 0;
  const columns = mainColumns + (hasSidebar ? 1 : 0);
  const width = columns >= 3 ? DROPDOWN_WIDTH.max : columns === 2 ? DROPDOWN_WIDTH.mid : DROPDOWN_WIDTH.min;
  return { width, mainColumns, hasSidebar, even: subMenu.layout === 'even' };
}

export interface ItemGroup {
  /** undefined for items without a groupName. */
  name?: string;
  items: ResolvedMenuItem[];
}

/** Consecutive items that share a groupName are shown under one group label. */
export function groupItems(items: ResolvedMenuItem[]): ItemGroup[] {
  const groups: ItemGroup[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last && last.name === item.groupName) last.items.push(item);
    else groups.push({ name: item.groupName, items: [item] });
  }
  return groups;
}

/** Every item of a submenu in reading order, for the mobile accordion. */
export function allItems(subMenu: ResolvedSubMenu): ResolvedMenuItem[] {
  return SUB_MENU_LISTS.flatMap((list) => subMenu[list]);
}
