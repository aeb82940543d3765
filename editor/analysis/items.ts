import type { HeaderMenu, LocaleConfig, MarketEntry, Rule } from '../../schemas/generated/config-types';
import type { DocumentId } from '../../schemas/validator/documents';
import { HEADER_SECTIONS, SUB_MENU_LISTS } from '../../runtime/resolver';

/** Every kind of entry a visibility rule can hide, i.e. every entry the matrix tracks. */
export type ItemKind = 'nav' | 'submenu' | 'action' | 'account' | 'footer-column' | 'footer-link' | 'legal' | 'market';

export interface IndexedItem {
  document: DocumentId;
  id: string;
  kind: ItemKind;
  title: string;
  /** RFC 6901 pointer to the item in its document. */
  pointer: string;
  /** Where it is shown, in words: `header.public › Sparen`. */
  location: string;
  href?: string;
  rule?: Rule;
  /** The dropdown (nav item) or footer column the item sits in. */
  parent?: IndexedItem;
}

export { HEADER_SECTIONS, type HeaderSection } from '../../runtime/resolver';

const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The items of one locale config, in document order, with pointers. */
export function indexConfig(config: LocaleConfig): IndexedItem[] {
  const doc = config.locale;
  const out: IndexedItem[] = [];
  for (const section of HEADER_SECTIONS) {
    const menu = config.header[section];
    if (!menu) continue;
    const base = `/header/${section}`;
    (menu.navItems ?? []).forEach((nav, i) => {
      if (!nav) return;
      const item: IndexedItem = {
        document: doc,
        id: nav.id,
        kind: 'nav',
        title: nav.title,
        pointer: `${base}/navItems/${i}`,
        location: `header.${section}`,
        ...(nav.href ? { href: nav.href } : {}),
        ...(nav.visibility ? { rule: nav.visibility } : {}),
      };
      out.push(item);
      for (const list of SUB_MENU_LISTS) {
        (nav.subMenus?.[list] ?? []).forEach((sub, j) => {
          if (!sub) return;
          const href = 'href' in sub ? sub.href : undefined;
          out.push({
            document: doc,
            id: sub.id,
            kind: 'submenu',
            title: sub.title,
            pointer: `${item.pointer}/subMenus/${list}/${j}`,
            location: `header.${section} › ${nav.title}`,
            ...(href ? { href } : {}),
            ...(sub.visibility ? { rule: sub.visibility } : {}),
            parent: item,
          });
        });
      }
    });
    (menu.actionItems ?? []).forEach((action, i) => {
      if (!action) return;
      out.push({
        document: doc,
        id: action.id,
        kind: 'action',
        title: action.title,
        pointer: `${base}/actionItems/${i}`,
        location: `header.${section} actions`,
        href: action.href,
        ...(action.visibility ? { rule: action.visibility } : {}),
      });
    });
  }
  const menu = config.accountMenu;
  for (const list of ['items', 'companyItems'] as const) {
    (menu?.[list] ?? []).forEach((entry, i) => {
      if (!entry) return;
      out.push({
        document: doc,
        id: entry.id,
        kind: 'account',
        title: entry.title,
        pointer: `/accountMenu/${list}/${i}`,
        location: list === 'items' ? 'account menu' : 'account menu (company)',
        href: entry.href,
        ...(entry.visibility ? { rule: entry.visibility } : {}),
      });
    });
  }
  config.footer.columns.forEach((column, i) => {
    if (!column) return;
    const item: IndexedItem = {
      document: doc,
      id: column.id,
      kind: 'footer-column',
      title: column.heading,
      pointer: `/footer/columns/${i}`,
      location: 'footer',
      ...(column.visibility ? { rule: column.visibility } : {}),
    };
    out.push(item);
    column.links.forEach((link, j) => {
      if (!link) return;
      out.push({
        document: doc,
        id: link.id,
        kind: 'footer-link',
        title: link.title,
        pointer: `${item.pointer}/links/${j}`,
        location: `footer › ${column.heading}`,
        href: link.href,
        ...(link.visibility ? { rule: link.visibility } : {}),
        parent: item,
      });
    });
  });
  config.footer.legalLinks.forEach((link, i) => {
    if (!link) return;
    out.push({
      document: doc,
      id: link.id,
      kind: 'legal',
      title: link.title,
      pointer: `/footer/legalLinks/${i}`,
      location: 'footer › legal',
      href: link.href,
      ...(link.visibility ? { rule: link.visibility } : {}),
    });
  });
  return out;
}

export function indexMarkets(markets: readonly MarketEntry[]): IndexedItem[] {
  return markets.map((m, i) => ({
    document: 'markets',
    id: m.id,
    kind: 'market',
    title: m.country,
    pointer: `/markets/${i}`,
    location: 'market picker',
    href: m.link,
    ...(m.visibility ? { rule: m.visibility } : {}),
  }));
}

/** The rules an item must pass to be shown: its own and its container's. */
export function effectiveRules(item: IndexedItem): Rule[] {
  const rules: Rule[] = [];
  for (let at: IndexedItem | undefined = item; at; at = at.parent) if (at.rule) rules.push(at.rule);
  return rules;
}

/** Every link-valued string of a locale config (the validator's link keys), with its pointer. */
export interface LinkRef {
  pointer: string;
  href: string;
  /** Footer links are lower-cased at render time (docs/rules.md#footer). */
  footer: boolean;
}

const LINK_KEYS = new Set(['href', 'link', 'appStoreUrl', 'playStoreUrl', 'canonicalPage']);

export function collectLinks(value: unknown): LinkRef[] {
  const out: LinkRef[] = [];
  const walk = (node: unknown, pointer: string, key: string | undefined) => {
    if (typeof node === 'string') {
      if (key !== undefined && LINK_KEYS.has(key))
        out.push({ pointer, href: node, footer: pointer.startsWith('/footer/') });
      return;
    }
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${pointer}/${i}`, undefined));
    else if (node && typeof node === 'object')
      for (const [k, child] of Object.entries(node)) walk(child, `${pointer}/${esc(k)}`, k);
  };
  walk(value, '', undefined);
  return out;
}

/** Flag ids a rule names anywhere in it (under all/any/not too). */
export function flagsInRule(rule: Rule | undefined, into: Set<string> = new Set()): Set<string> {
  if (!rule) return into;
  if (rule.flag !== undefined) into.add(rule.flag);
  for (const child of rule.all ?? []) flagsInRule(child, into);
  for (const child of rule.any ?? []) flagsInRule(child, into);
  if (rule.not) flagsInRule(rule.not, into);
  return into;
}

/** Flags named by the rules of a header menu's nav items (with their dropdowns) and/or action items. */
export function flagsInMenu(
  menu: HeaderMenu | undefined,
  parts: { nav: boolean; actions: boolean },
  into: Set<string>,
): void {
  if (!menu) return;
  if (parts.nav)
    for (const nav of menu.navItems ?? []) {
      if (!nav) continue;
      flagsInRule(nav.visibility, into);
      for (const list of SUB_MENU_LISTS)
        for (const sub of nav.subMenus?.[list] ?? []) if (sub) flagsInRule(sub.visibility, into);
    }
  if (parts.actions) for (const action of menu.actionItems ?? []) if (action) flagsInRule(action.visibility, into);
}
