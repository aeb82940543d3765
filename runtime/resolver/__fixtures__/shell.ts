/** Runs the resolver the way the host does, and reads models back in the terms tests assert on. */
import type { LocaleConfig } from '../../../schemas/generated/config-types';
import { chooseConfig } from '../choose-config';
import type { ResolverContext } from '../context';
import type { FooterModel, HeaderModel, ResolvedMenuItem, ResolvedNavItem, ShellModel } from '../model';
import { resolveShell } from '../resolve-shell';
import { SUB_MENU_LISTS } from '../sub-menu-lists';
import { loadConfig, MARKETS } from './configs';

/** chooseConfig → resolveShell with the en fallback, as the host wires it. `config` replaces the chosen one. */
export function resolve(ctx: ResolverContext, config?: LocaleConfig): ShellModel {
  const choice = chooseConfig(ctx.locale, ctx.page);
  if (!choice.ok) throw new Error(choice.message);
  return resolveShell(
    { config: config ?? loadConfig(choice.configId), fallback: loadConfig('en'), markets: MARKETS },
    ctx,
  );
}

export function header(ctx: ResolverContext, config?: LocaleConfig): HeaderModel {
  return resolve(ctx, config).header;
}

export function footer(ctx: ResolverContext, config?: LocaleConfig): FooterModel {
  const model = resolve(ctx, config).footer;
  if (!model) throw new Error(`page ${ctx.page} has no footer`);
  return model;
}

export function subMenuItems(nav: ResolvedNavItem): ResolvedMenuItem[] {
  const sub = nav.subMenu;
  return sub ? SUB_MENU_LISTS.flatMap((list) => sub[list]) : [];
}

/** Every href reachable from the header's navigation, top-level links and dropdown entries alike. */
export function navHrefs(model: HeaderModel): string[] {
  return model.navItems.flatMap((nav) => [
    ...(nav.link ? [nav.link.href] : []),
    ...subMenuItems(nav).flatMap((item) => (item.link ? [item.link.href] : [])),
  ]);
}

/** Every visible item id in the navigation (nav items and their dropdown entries). */
export function navIds(model: HeaderModel): string[] {
  return model.navItems.flatMap((nav) => [nav.id, ...subMenuItems(nav).map((item) => item.id)]);
}

export function findNav(model: HeaderModel, id: string): ResolvedNavItem | undefined {
  return model.navItems.find((nav) => nav.id === id);
}

/** All menu items of the header, with their descriptions, for text checks. */
export function navEntries(model: HeaderModel): ResolvedMenuItem[] {
  return model.navItems.flatMap(subMenuItems);
}

export function accountMenuHrefs(model: HeaderModel): string[] {
  return model.customer?.accountMenu.items.map((item) => item.link.href) ?? [];
}

export function footerHrefs(model: FooterModel): string[] {
  return [
    ...model.columns.flatMap((column) => column.links.map((l) => l.link.href)),
    ...model.legalLinks.map((l) => l.link.href),
  ];
}

export function hiddenIds(model: { hidden: readonly { id: string }[] }): string[] {
  return model.hidden.map((h) => h.id);
}
