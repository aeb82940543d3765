import type { SubMenuList } from './model';

/** Reading order; `satisfies` fails to compile when the schema's SubMenu gains or loses a list. */
const READING_ORDER = { top: 0, main: 1, sidebar: 2, bottom: 3 } satisfies Record<SubMenuList, number>;

/** The submenu's lists in reading order: the resolver, the mobile accordion, the editor and the audience engine use this one list. */
export const SUB_MENU_LISTS = Object.keys(READING_ORDER) as readonly SubMenuList[];
