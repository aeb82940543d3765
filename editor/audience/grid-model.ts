import { MATRIX_PERSONAS } from '../analysis';
import type { CatalogItem } from './item-catalog';
import type { MatrixSummary, ViewSummary } from './matrix-summary';

/** `auto`: home for visitors, the dashboard for logged-in personas (each persona's usual first page). */
export type PageChoice = 'auto' | (string & {});
/** A flag left free (`any`: every combination counts) or pinned on or off. */
export type FlagPin = 'any' | 'on' | 'off';
export type FlagPins = Readonly<Record<string, FlagPin>>;

export interface GridColumn {
  persona: string;
  label: string;
  page: string;
  /** The flags that can change this persona's view on this page. */
  flags: string[];
  /** Flag combinations left after the pins. */
  combinations: number;
  /** Header variants this audience gets across those combinations. */
  headers: string[];
}

/** Whether an audience sees an item across the flag combinations left after the pins. */
export interface GridCell {
  state: 'always' | 'never' | 'some';
  /** For `some`: when, e.g. `newDashboard on` or `3 of 8 flag combinations`. */
  condition?: string;
  shown: number;
  total: number;
}

export interface GridRow {
  item: CatalogItem;
  cells: GridCell[];
}

export interface GridGroup {
  id: string;
  label: string;
  rows: GridRow[];
}

export interface GridModel {
  columns: GridColumn[];
  groups: GridGroup[];
  /** Every flag that can change a column (the pin controls). */
  flags: string[];
  /** Items of the document no column shows (they are left out of the rows). */
  hiddenEverywhere: number;
}

const loggedIn = (persona: string) => MATRIX_PERSONAS.find((p) => p.id === persona)?.facts.loggedIn ?? false;

/** The page a persona's column shows for a page choice; undefined when the locale is not checked on it. */
export function pageFor(
  summary: Pick<MatrixSummary, 'pages'>,
  choice: PageChoice,
  persona: string,
): string | undefined {
  if (choice !== 'auto') return summary.pages.includes(choice) ? choice : undefined;
  const preferred = loggedIn(persona) ? 'dashboard' : 'home';
  return summary.pages.includes(preferred) ? preferred : summary.pages[0];
}

/** Cell indexes of a view that agree with the pins (a pin on a flag the view does not read leaves it whole). */
export function matchingMasks(flags: readonly string[], pins: FlagPins): number[] {
  let required = 0;
  let fixed = 0;
  flags.forEach((flag, bit) => {
    const pin = pins[flag] ?? 'any';
    if (pin === 'any') return;
    fixed |= 1 << bit;
    if (pin === 'on') required |= 1 << bit;
  });
  const masks: number[] = [];
  for (let mask = 0; mask < 1 << flags.length; mask++) if ((mask & fixed) === required) masks.push(mask);
  return masks;
}

/**
 * When an item shows, in words: the conjunction of flag states that holds exactly where it is shown
 * (`newDashboard on, accountSwitch off`), else a count.
 */
export function describeCondition(
  flags: readonly string[],
  pins: FlagPins,
  candidates: readonly number[],
  shownIn: readonly number[],
): string {
  const literals: string[] = [];
  flags.forEach((flag, bit) => {
    if ((pins[flag] ?? 'any') !== 'any') return;
    const on = shownIn.filter((m) => m & (1 << bit)).length;
    if (on === shownIn.length) literals.push(`${flag} on`);
    else if (on === 0) literals.push(`${flag} off`);
  });
  if (literals.length > 0 && shownIn.length * 2 ** literals.length === candidates.length) return literals.join(', ');
  return `${shownIn.length} of ${candidates.length} flag combinations`;
}

function groupOf(item: CatalogItem, byKey: ReadonlyMap<string, CatalogItem>): { id: string; label: string } {
  const parent = item.parent ? byKey.get(item.parent) : undefined;
  switch (item.place) {
    case 'nav':
      return { id: 'nav', label: 'Navigation' };
    case 'dropdown':
      return { id: `dropdown:${item.parent}`, label: `${parent?.title ?? item.parent} dropdown` };
    case 'action':
      return { id: 'actions', label: 'Header actions' };
    case 'account':
      return { id: 'account', label: 'Account menu' };
    case 'column':
      return { id: 'columns', label: 'Footer columns' };
    case 'footer-link':
      return { id: `footer:${item.parent}`, label: `Footer › ${parent?.title ?? item.parent}` };
    case 'legal':
      return { id: 'legal', label: 'Legal links' };
    case 'market':
      return { id: 'markets', label: 'Market picker' };
  }
}

interface PreparedColumn {
  column: GridColumn;
  view: ViewSummary;
  masks: number[];
  outcomeSets: Set<string>[];
}

function prepareColumn(summary: MatrixSummary, view: ViewSummary, pins: FlagPins): PreparedColumn {
  const masks = matchingMasks(view.flags, pins);
  const headers = [...new Set(masks.map((m) => view.outcomes[view.cellOutcome[m]!]!.header))];
  const label = summary.personas.find((p) => p.id === view.persona)?.label ?? view.persona;
  return {
    column: { persona: view.persona, label, page: view.page, flags: view.flags, combinations: masks.length, headers },
    view,
    masks,
    outcomeSets: view.outcomes.map((o) => new Set(o.keys)),
  };
}

function cellFor(prepared: PreparedColumn, key: string, pins: FlagPins): GridCell {
  const { view, masks, outcomeSets } = prepared;
  const shownIn = masks.filter((m) => outcomeSets[view.cellOutcome[m]!]!.has(key));
  const total = masks.length;
  if (shownIn.length === 0) return { state: 'never', shown: 0, total };
  if (shownIn.length === total) return { state: 'always', shown: total, total };
  return {
    state: 'some',
    condition: describeCondition(view.flags, pins, masks, shownIn),
    shown: shownIn.length,
    total,
  };
}

/** The grid for one page choice: a column per persona, a row per item someone sees, grouped by place. */
export function buildGrid(summary: MatrixSummary, choice: PageChoice, pins: FlagPins = {}): GridModel {
  const prepared: PreparedColumn[] = [];
  for (const persona of summary.personas) {
    const page = pageFor(summary, choice, persona.id);
    const view = summary.views.find((v) => v.persona === persona.id && v.page === page);
    if (view) prepared.push(prepareColumn(summary, view, pins));
  }
  const byKey = new Map(summary.items.map((i) => [i.key, i]));
  const groups: GridGroup[] = [];
  let hiddenEverywhere = 0;
  for (const item of summary.items) {
    const cells = prepared.map((p) => cellFor(p, item.key, pins));
    if (cells.every((c) => c.state === 'never')) {
      hiddenEverywhere++;
      continue;
    }
    const { id, label } = groupOf(item, byKey);
    let group = groups.find((g) => g.id === id);
    if (!group) groups.push((group = { id, label, rows: [] }));
    group.rows.push({ item, cells });
  }
  const flags = [...new Set(prepared.flatMap((p) => p.view.flags))].sort();
  return { columns: prepared.map((p) => p.column), groups, flags, hiddenEverywhere };
}
