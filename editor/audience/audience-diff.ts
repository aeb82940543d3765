/**
 * "What changes for whom": the items that appear, disappear or get a new label for each locale × persona
 * when a draft replaces the published version. Pure; both sides come from the audience engine
 * (editor/analysis), compacted per view (editor/audience/matrix-summary).
 *
 * - The headline compares the cell with every flag at its registry default (before: the published
 *   registry's defaults, after: the draft's, so publishing flags.json shows its own effect).
 * - Changes that show only under other flag combinations are counted per persona, with one example.
 */
import { describeKey, type Catalog } from './item-catalog';
import { maskOf, type ViewSummary } from './matrix-summary';

/** One locale of one version: its matrix views and the items it can show. */
export interface DiffLocale {
  views: readonly ViewSummary[];
  catalog: Catalog;
}

export interface DiffSide {
  /** A locale missing here was never published (or does not validate): it shows nothing. */
  locales: ReadonlyMap<string, DiffLocale>;
  defaultFlags: ReadonlySet<string>;
}

export interface ItemChange {
  key: string;
  title: string;
  location: string;
  /** The pages on which it changes for this audience. */
  pages: string[];
}

export interface Relabel extends ItemChange {
  before: string;
}

export interface FlagDependentChanges {
  /** Items that appear or disappear only under other flag combinations than the defaults. */
  count: number;
  /** One such combination: the flags that are on. */
  example: string[];
  exampleItem: string;
}

export interface AudienceChanges {
  locale: string;
  persona: string;
  appeared: ItemChange[];
  disappeared: ItemChange[];
  relabelled: Relabel[];
  flagDependent: FlagDependentChanges | null;
}

export interface AudienceDiff {
  /** Every locale × persona with a change, in scope order, then persona order. */
  entries: AudienceChanges[];
  /** Views with too many flags to compare every combination (their default cell is still compared). */
  uncompared: { locale: string; persona: string; page: string; flags: number }[];
}

/** Views whose flags (both versions together) exceed this are compared at the defaults only: 2^10 cells. */
export const MAX_COMPARED_FLAGS = 10;

/** The view of a version that does not check this persona × page (never published, or no longer checked): nothing shown. */
const EMPTY_VIEW: ViewSummary = { persona: '', page: '', flags: [], outcomes: [{ header: 'logoOnly', keys: [] }], cellOutcome: [0] };

/** The outcome index of the cell where exactly the flags of `on` (that the view reads) are on. */
const outcomeAt = (view: ViewSummary, on: Iterable<string>): number => view.cellOutcome[maskOf(view.flags, on)]!;

/** Changes of one persona in one locale, keyed by item, with the pages they happen on. */
class PersonaLog {
  readonly appeared = new Map<string, string[]>();
  readonly disappeared = new Map<string, string[]>();
  readonly relabelled = new Map<string, string[]>();
  /** Item → the first flag combination (flags on) under which it changes. */
  readonly flagOnly = new Map<string, string[]>();

  static add(map: Map<string, string[]>, key: string, page: string): void {
    const pages = map.get(key);
    if (!pages) map.set(key, [page]);
    else if (!pages.includes(page)) pages.push(page);
  }
}

function difference(a: readonly string[], b: ReadonlySet<string>): string[] {
  return a.filter((k) => !b.has(k));
}

function compareView(log: PersonaLog, page: string, before: ViewSummary, after: ViewSummary, sides: { before: DiffSide; after: DiffSide }, titles: { before: Catalog | undefined; after: Catalog }): boolean {
  const beforeKeys = before.outcomes[outcomeAt(before, sides.before.defaultFlags)]!.keys;
  const afterKeys = after.outcomes[outcomeAt(after, sides.after.defaultFlags)]!.keys;
  const beforeSet = new Set(beforeKeys);
  const afterSet = new Set(afterKeys);
  for (const key of difference(afterKeys, beforeSet)) PersonaLog.add(log.appeared, key, page);
  for (const key of difference(beforeKeys, afterSet)) PersonaLog.add(log.disappeared, key, page);
  for (const key of afterKeys) {
    if (!beforeSet.has(key) || !titles.before) continue;
    if (describeKey(titles.before, key).title !== describeKey(titles.after, key).title) PersonaLog.add(log.relabelled, key, page);
  }

  const flags = [...new Set([...before.flags, ...after.flags])].sort();
  if (flags.length > MAX_COMPARED_FLAGS) return false;
  // Distinct outcome pairs are few: compare each pair once.
  const compared = new Map<string, string[]>();
  for (let mask = 0; mask < 1 << flags.length; mask++) {
    const on = flags.filter((_, bit) => mask & (1 << bit));
    const b = outcomeAt(before, on);
    const a = outcomeAt(after, on);
    const pair = `${b}|${a}`;
    let changed = compared.get(pair);
    if (!changed) {
      const bk = before.outcomes[b]!.keys;
      const ak = after.outcomes[a]!.keys;
      changed = [...difference(ak, new Set(bk)), ...difference(bk, new Set(ak))];
      compared.set(pair, changed);
    }
    for (const key of changed) if (!log.flagOnly.has(key)) log.flagOnly.set(key, on);
  }
  return true;
}

const toChanges = (map: Map<string, string[]>, catalog: Catalog): ItemChange[] => [...map].map(([key, pages]) => ({ key, ...describeKey(catalog, key), pages }));

export function diffAudiences(before: DiffSide, after: DiffSide, scope: readonly string[], personaOrder: readonly string[]): AudienceDiff {
  const entries: AudienceChanges[] = [];
  const uncompared: AudienceDiff['uncompared'] = [];
  for (const locale of scope) {
    const b = before.locales.get(locale);
    const a = after.locales.get(locale);
    if (!a && !b) continue;
    // An unpublished locale is compared with nothing; a locale the draft no longer checks, with nothing after.
    const afterCatalog = a?.catalog ?? b!.catalog;
    const beforeCatalog = b?.catalog ?? afterCatalog;
    const logs = new Map<string, PersonaLog>();
    const viewKey = (v: ViewSummary) => `${v.persona}|${v.page}`;
    const beforeViews = new Map((b?.views ?? []).map((v) => [viewKey(v), v]));
    const afterViews = new Map((a?.views ?? []).map((v) => [viewKey(v), v]));
    for (const key of new Set([...afterViews.keys(), ...beforeViews.keys()])) {
      const [persona, page] = key.split('|') as [string, string];
      let log = logs.get(persona);
      if (!log) logs.set(persona, (log = new PersonaLog()));
      const bv = beforeViews.get(key) ?? EMPTY_VIEW;
      const av = afterViews.get(key) ?? EMPTY_VIEW;
      const complete = compareView(log, page, bv, av, { before, after }, { before: b ? beforeCatalog : undefined, after: afterCatalog });
      if (!complete) uncompared.push({ locale, persona, page, flags: new Set([...bv.flags, ...av.flags]).size });
    }
    const personas = [...logs.keys()].sort((x, y) => rank(personaOrder, x) - rank(personaOrder, y));
    for (const persona of personas) {
      const log = logs.get(persona)!;
      // Items already listed (they change at the defaults on some page) are not counted again as flag-dependent.
      const flagOnly = [...log.flagOnly].filter(([key]) => !log.appeared.has(key) && !log.disappeared.has(key));
      const example = flagOnly[0];
      const change: AudienceChanges = {
        locale,
        persona,
        appeared: toChanges(log.appeared, afterCatalog),
        disappeared: toChanges(log.disappeared, beforeCatalog),
        relabelled: [...log.relabelled].map(([key, pages]) => ({ key, ...describeKey(afterCatalog, key), before: describeKey(beforeCatalog, key).title, pages })),
        flagDependent: example ? { count: flagOnly.length, example: example[1], exampleItem: describeKey(afterCatalog.has(example[0]) ? afterCatalog : beforeCatalog, example[0]).title } : null,
      };
      if (change.appeared.length || change.disappeared.length || change.relabelled.length || change.flagDependent) entries.push(change);
    }
  }
  return { entries, uncompared };
}

const rank = (order: readonly string[], id: string) => {
  const i = order.indexOf(id);
  return i < 0 ? order.length : i;
};

/** Audiences whose changes are the same, listed once: a market renamed shows the same change to everyone. */
export interface ChangeGroup {
  /** Per locale, the personas (in persona order) that get these changes. */
  audiences: { locale: string; personas: string[] }[];
  changes: AudienceChanges;
}

const signature = (c: AudienceChanges) =>
  JSON.stringify([c.appeared, c.disappeared, c.relabelled, c.flagDependent && { count: c.flagDependent.count, example: c.flagDependent.example }]);

export function groupIdenticalChanges(entries: readonly AudienceChanges[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const entry of entries) {
    const key = signature(entry);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { audiences: [], changes: entry }));
    const last = group.audiences.at(-1);
    if (last?.locale === entry.locale) last.personas.push(entry.persona);
    else group.audiences.push({ locale: entry.locale, personas: [entry.persona] });
  }
  return [...groups.values()];
}
