import type { HeaderMenu, MenuItem, NavItem, Rule, SubMenu } from '../../schemas/generated/config-types';
import { imageSource, resolveLink, type LinkOptions } from './links';
import type {
  HiddenCode,
  HiddenItem,
  ResolvedActionItem,
  ResolvedMenuItem,
  ResolvedNavItem,
  ResolvedSubMenu,
} from './model';
import { evaluateRule, explainRule, failedCondition, type RuleContext } from './rules';
import { SUB_MENU_LISTS } from './sub-menu-lists';

/** Collects what rules hid, so the preview can answer "why is this hidden?". */
export class HiddenLog {
  readonly items: HiddenItem[] = [];
  constructor(private readonly ctx: RuleContext) {}

  /** True when visible; otherwise records the item and the rule that hid it. */
  visible(item: { id: string; title?: string; visibility?: Rule }, location: string): boolean {
    if (!item.visibility || evaluateRule(item.visibility, this.ctx)) return true;
    this.hide(
      item,
      location,
      failedCondition(item.visibility, this.ctx),
      explainRule(item.visibility, this.ctx),
      item.visibility,
    );
    return false;
  }

  unsafe(item: { id: string; title?: string }, location: string): void {
    this.hide(item, location, 'unsafe-link', 'link dropped: unsafe or malformed URL');
  }

  /** Records an item left out: a code for programs, a reason for people, and the rule that hid it ({} when no config rule did). */
  hide(
    item: { id: string; title?: string },
    location: string,
    code: HiddenCode,
    reason: string,
    rule: Rule = {},
  ): void {
    this.items.push({ id: item.id, title: item.title ?? item.id, location, rule, code, reason });
  }
}

function resolveMenuItem(
  item: MenuItem,
  links: LinkOptions,
  log: HiddenLog,
  location: string,
): ResolvedMenuItem | undefined {
  // Falsy entries are skipped (docs/rules.md#visibility-rules): a hand-edited config can contain null after a deletion.
  if (!item || !log.visible(item, location)) return undefined;
  const href = 'href' in item ? item.href : undefined;
  const link = resolveLink(href, links);
  if (href && !link) {
    log.unsafe(item, location);
    return undefined;
  }
  // Copied field by field, each only from a type whose schema has it; a required href has become the link checked
  // above. So this is the resolved item of the config item's own type (runtime/resolver/model.ts).
  const out: Record<string, unknown> = { id: item.id, type: item.type, title: item.title };
  if (link) out.link = link;
  if ('description' in item && item.description) out.description = item.description;
  if ('icon' in item && item.icon) out.icon = item.icon;
  if ('iconColor' in item && item.iconColor) out.iconColor = item.iconColor;
  if ('imageUrl' in item) {
    const image = imageSource(item.imageUrl);
    if (image) out.imageUrl = image;
  }
  if ('tag' in item && item.tag) out.tag = item.tag;
  if ('groupName' in item && item.groupName) out.groupName = item.groupName;
  return out as ResolvedMenuItem;
}

function resolveSubMenu(sub: SubMenu, links: LinkOptions, log: HiddenLog, location: string): ResolvedSubMenu {
  const out: ResolvedSubMenu = { layout: sub.layout ?? 'default', top: [], main: [], sidebar: [], bottom: [] };
  for (const list of SUB_MENU_LISTS) {
    for (const item of sub[list] ?? []) {
      const resolved = resolveMenuItem(item, links, log, location);
      if (resolved) out[list].push(resolved);
    }
  }
  return out;
}

function hasLinks(sub: ResolvedSubMenu): boolean {
  return SUB_MENU_LISTS.some((list) => sub[list].some((item) => item.link));
}

/** Nav items after rules; a dropdown left with no link after filtering is dropped (an empty dropdown is a dead end). */
export function resolveNavItems(
  items: readonly NavItem[],
  links: LinkOptions,
  log: HiddenLog,
  location: string,
): ResolvedNavItem[] {
  const out: ResolvedNavItem[] = [];
  for (const item of items) {
    if (!item || !log.visible(item, location)) continue;
    const where = `${location} › ${item.title}`;
    if (item.subMenus) {
      const subMenu = resolveSubMenu(item.subMenus, links, log, where);
      if (!hasLinks(subMenu)) {
        log.hide(item, location, 'empty-dropdown', 'every entry of its dropdown is hidden', item.visibility);
        continue;
      }
      const active = SUB_MENU_LISTS.some((list) => subMenu[list].some((child) => child.link?.active));
      out.push({ id: item.id, title: item.title, subMenu, enableBadge: item.enableBadge ?? false, active });
    } else {
      const link = resolveLink(item.href, links);
      if (!link) {
        log.unsafe(item, location);
        continue;
      }
      out.push({ id: item.id, title: item.title, link, enableBadge: item.enableBadge ?? false, active: link.active });
    }
  }
  return out;
}

export function resolveActionItems(
  menu: HeaderMenu | undefined,
  links: LinkOptions,
  log: HiddenLog,
  location: string,
): ResolvedActionItem[] {
  const out: ResolvedActionItem[] = [];
  for (const action of menu?.actionItems ?? []) {
    if (!action || !log.visible(action, location)) continue;
    const link = resolveLink(action.href, links);
    if (!link) {
      log.unsafe(action, location);
      continue;
    }
    out.push({
      id: action.id,
      title: action.title,
      type: action.type,
      link,
      ...(action.callback ? { callback: action.callback } : {}),
    });
  }
  return out;
}
