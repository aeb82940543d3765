/**
 * What changed between two versions of one document, item by item (docs/workflow.md#publish-review). Pure.
 *
 * Items are matched by id within their list (a header section's nav items, one dropdown list, the account
 * menu, a footer column's links…). An item only in the old version and one only in the new are one
 * **id rename** when they sit in the same list at the same position and keep their link or their label;
 * otherwise the first disappears and the second appears. A matched item can change its label, link, rule
 * and place in the list (an order change: the items before it are not the same ones any more).
 */
import type { LocaleConfig, MarketEntry, Rule } from '../../schemas/generated/config-types';
import { indexConfig, indexMarkets, type IndexedItem } from '../analysis/items';

export const CHANGE_KINDS = ['label', 'href', 'rule', 'order', 'id-rename', 'appears', 'disappears'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One item of one version, with the list it sits in. */
export interface ListedItem {
  item: IndexedItem;
  /** The list, named by the before-version ids of its containers: `/header/private/navItems#sparen/subMenus/main`. */
  list: string;
  /** Its position in that list, as written (rules not applied). */
  position: number;
}

/** An item of either version, matched with its counterpart when it has one. */
export interface ItemPair {
  before?: ListedItem;
  after?: ListedItem;
  /** The list both sit in (before-version ids). */
  list: string;
  kinds: ChangeKind[];
}

/** JSON with sorted keys, so two rules that say the same compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

export const describeRule = (rule: Rule | undefined) => (rule ? canonicalJson(rule) : 'shown to everyone');

/** `/header/private/navItems/3/subMenus/main/2` → `/subMenus/main`: the list inside the container. */
function tailList(item: IndexedItem): string {
  const inner = item.parent ? item.pointer.slice(item.parent.pointer.length) : item.pointer;
  return inner.replace(/\/\d+$/, '');
}

const positionOf = (item: IndexedItem) => Number(/(\d+)$/.exec(item.pointer)![1]);

/** Lists of one version, containers before their entries; `canonicalId` maps a container's id to its before-version id. */
function listItems(
  items: readonly IndexedItem[],
  canonicalId: (container: IndexedItem) => string,
): Map<string, ListedItem[]> {
  const lists = new Map<string, ListedItem[]>();
  for (const item of items) {
    const list = item.parent
      ? `${item.parent.pointer.replace(/\/\d+$/, '')}#${canonicalId(item.parent)}${tailList(item)}`
      : tailList(item);
    const listed = { item, list, position: positionOf(item) };
    const entries = lists.get(list);
    if (entries) entries.push(listed);
    else lists.set(list, [listed]);
  }
  return lists;
}

const isRename = (b: ListedItem, a: ListedItem) =>
  b.position === a.position &&
  ((b.item.href !== undefined && b.item.href === a.item.href) || b.item.title === a.item.title);

/** Pairs the entries of one list: by id, then leftovers by the rename rule. */
function pairList(list: string, before: readonly ListedItem[], after: readonly ListedItem[]): ItemPair[] {
  const afterById = new Map(after.map((a) => [a.item.id, a]));
  const pairs: ItemPair[] = [];
  const unmatchedBefore: ListedItem[] = [];
  const matchedAfter = new Set<ListedItem>();
  for (const b of before) {
    const a = afterById.get(b.item.id);
    if (a && !matchedAfter.has(a)) {
      matchedAfter.add(a);
      pairs.push({ before: b, after: a, list, kinds: [] });
    } else unmatchedBefore.push(b);
  }
  const unmatchedAfter = after.filter((a) => !matchedAfter.has(a));
  for (const b of unmatchedBefore) {
    const a = unmatchedAfter.find((candidate) => !matchedAfter.has(candidate) && isRename(b, candidate));
    if (a) {
      matchedAfter.add(a);
      pairs.push({ before: b, after: a, list, kinds: ['id-rename'] });
    } else pairs.push({ before: b, list, kinds: ['disappears'] });
  }
  for (const a of unmatchedAfter) if (!matchedAfter.has(a)) pairs.push({ after: a, list, kinds: ['appears'] });
  markOrderChanges(pairs.filter((p) => p.before && p.after));
  for (const p of pairs) {
    if (!p.before || !p.after) continue;
    const [b, a] = [p.before.item, p.after.item];
    if (b.title !== a.title) p.kinds.push('label');
    if (b.href !== a.href) p.kinds.push('href');
    if (describeRule(b.rule) !== describeRule(a.rule)) p.kinds.push('rule');
  }
  return pairs;
}

/** An entry changed its order when the matched entries written before it are not the same ones any more. */
function markOrderChanges(matched: readonly ItemPair[]): void {
  const byBefore = [...matched].sort((x, y) => x.before!.position - y.before!.position);
  const byAfter = [...matched].sort((x, y) => x.after!.position - y.after!.position);
  const rankBefore = new Map(byBefore.map((p, i) => [p, i]));
  const rankAfter = new Map(byAfter.map((p, i) => [p, i]));
  for (const p of matched) {
    const rb = rankBefore.get(p)!;
    const ra = rankAfter.get(p)!;
    const earlierBefore = new Set(byBefore.slice(0, rb));
    if (ra !== rb || byAfter.slice(0, ra).some((q) => !earlierBefore.has(q))) p.kinds.push('order');
  }
}

/** The items of a document version: a locale config's or the market list's. */
export function documentItems(value: LocaleConfig | readonly MarketEntry[] | undefined): IndexedItem[] {
  if (!value) return [];
  return Array.isArray(value) ? indexMarkets(value) : indexConfig(value as LocaleConfig);
}

function pairLevel(before: Map<string, ListedItem[]>, after: Map<string, ListedItem[]>): ItemPair[] {
  const pairs: ItemPair[] = [];
  for (const list of new Set([...before.keys(), ...after.keys()]))
    pairs.push(...pairList(list, before.get(list) ?? [], after.get(list) ?? []));
  return pairs;
}

/**
 * Every item of either version, paired, each with what changed (an empty `kinds`: unchanged). Containers are
 * paired first, so the entries of a renamed container are still compared with their old selves.
 */
export function pairItems(beforeItems: readonly IndexedItem[], afterItems: readonly IndexedItem[]): ItemPair[] {
  const top = pairLevel(
    listItems(
      beforeItems.filter((i) => !i.parent),
      () => '',
    ),
    listItems(
      afterItems.filter((i) => !i.parent),
      () => '',
    ),
  );
  // A container is known by its pointer's list and its before-version id.
  const renamed = new Map<IndexedItem, string>();
  for (const p of top) if (p.before && p.after) renamed.set(p.after.item, p.before.item.id);
  const children = pairLevel(
    listItems(
      beforeItems.filter((i) => i.parent),
      (c) => c.id,
    ),
    // indexConfig gives an entry its container's own object as `parent`.
    listItems(
      afterItems.filter((i) => i.parent),
      (c) => renamed.get(c) ?? c.id,
    ),
  );
  return [...top, ...children];
}
