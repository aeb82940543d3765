import { buildGrid, describeCondition, matchingMasks, pageFor } from './grid-model';
import type { CatalogItem } from './item-catalog';
import type { MatrixSummary, ViewSummary } from './matrix-summary';

const item = (place: CatalogItem['place'], id: string, title: string, parent?: string): CatalogItem => ({
  key: `${place}:${id}`,
  place,
  id,
  title,
  location: 'somewhere',
  document: 'fi-FI',
  pointer: `/p/${id}`,
  ...(parent ? { parent } : {}),
});

const ITEMS = [
  item('nav', 'save', 'Save'),
  item('dropdown', 'fixed', 'Fixed', 'nav:save'),
  item('dropdown', 'beta', 'Beta page', 'nav:save'),
  item('account', 'pay', 'Payment methods'),
  item('legal', 'imprint', 'Imprint'),
];

/** A customer view reading two flags: `beta` shows with newDashboard on; `pay` with paymentMethodScreens on and newDashboard off. */
const customer: ViewSummary = {
  persona: 'customer',
  page: 'dashboard',
  flags: ['newDashboard', 'paymentMethodScreens'],
  outcomes: [
    { header: 'private', keys: ['nav:save', 'dropdown:fixed'] },
    { header: 'private', keys: ['nav:save', 'dropdown:fixed', 'dropdown:beta'] },
    { header: 'private', keys: ['nav:save', 'dropdown:fixed', 'account:pay'] },
  ],
  // mask bit 0 = newDashboard, bit 1 = paymentMethodScreens
  cellOutcome: [0, 1, 2, 1],
};
const visitor: ViewSummary = {
  persona: 'visitor',
  page: 'home',
  flags: [],
  outcomes: [{ header: 'public', keys: ['nav:save', 'dropdown:fixed'] }],
  cellOutcome: [0],
};
const visitorOnDashboard: ViewSummary = { ...visitor, page: 'dashboard' };

const summary: MatrixSummary = {
  locale: 'fi-FI',
  pages: ['home', 'dashboard'],
  personas: [
    { id: 'visitor', label: 'Visitor' },
    { id: 'customer', label: 'Customer' },
  ],
  defaultFlags: [],
  items: ITEMS,
  views: [visitor, visitorOnDashboard, customer],
  combinations: 6,
  problems: [],
};

describe('pageFor', () => {
  it('defaults visitors to home and logged-in personas to the dashboard, falling back to the first page', () => {
    expect(pageFor(summary, 'auto', 'visitor')).toBe('home');
    expect(pageFor(summary, 'auto', 'customer')).toBe('dashboard');
    expect(pageFor({ pages: ['login', 'corporate'] }, 'auto', 'customer')).toBe('login');
    expect(pageFor(summary, 'dashboard', 'visitor')).toBe('dashboard');
    expect(pageFor(summary, 'register', 'visitor')).toBeUndefined();
  });
});

describe('matchingMasks', () => {
  it('keeps the combinations that agree with the pins and ignores pins on flags the view does not read', () => {
    expect(matchingMasks(['a', 'b'], {})).toEqual([0, 1, 2, 3]);
    expect(matchingMasks(['a', 'b'], { a: 'on' })).toEqual([1, 3]);
    expect(matchingMasks(['a', 'b'], { a: 'off', b: 'on' })).toEqual([2]);
    expect(matchingMasks(['a'], { other: 'on' })).toEqual([0, 1]);
  });
});

describe('describeCondition', () => {
  it('names the flag states that hold exactly where the item shows', () => {
    expect(describeCondition(['a', 'b'], {}, [0, 1, 2, 3], [1, 3])).toBe('a on');
    expect(describeCondition(['a', 'b'], {}, [0, 1, 2, 3], [0, 2])).toBe('a off');
    expect(describeCondition(['a', 'b'], {}, [0, 1, 2, 3], [2])).toBe('a off, b on');
  });

  it('counts combinations when no conjunction describes them (a or b)', () => {
    expect(describeCondition(['a', 'b'], {}, [0, 1, 2, 3], [1, 2, 3])).toBe('3 of 4 flag combinations');
  });

  it('leaves pinned flags out of the description', () => {
    expect(describeCondition(['a', 'b'], { b: 'on' }, [2, 3], [3])).toBe('a on');
  });
});

describe('buildGrid', () => {
  it('has a column per persona on its default page and a row per item someone sees, grouped by place', () => {
    const grid = buildGrid(summary, 'auto');
    expect(grid.columns.map((c) => `${c.persona} ${c.page} ${c.combinations} ${c.headers.join()}`)).toEqual([
      'visitor home 1 public',
      'customer dashboard 4 private',
    ]);
    expect(grid.groups.map((g) => [g.label, g.rows.map((r) => r.item.title)])).toEqual([
      ['Navigation', ['Save']],
      ['Save dropdown', ['Fixed', 'Beta page']],
      ['Account menu', ['Payment methods']],
    ]);
    // Nobody sees the imprint here: it is counted, not listed.
    expect(grid.hiddenEverywhere).toBe(1);
    expect(grid.flags).toEqual(['newDashboard', 'paymentMethodScreens']);
    const cells = (title: string) =>
      grid.groups
        .flatMap((g) => g.rows)
        .find((r) => r.item.title === title)!
        .cells.map((c) => c.condition ?? c.state);
    expect(cells('Fixed')).toEqual(['always', 'always']);
    expect(cells('Beta page')).toEqual(['never', 'newDashboard on']);
    expect(cells('Payment methods')).toEqual(['never', 'newDashboard off, paymentMethodScreens on']);
  });

  it('narrows every cell to the pinned flags', () => {
    const grid = buildGrid(summary, 'auto', { newDashboard: 'on' });
    expect(grid.columns[1]!.combinations).toBe(2);
    const row = (title: string) => grid.groups.flatMap((g) => g.rows).find((r) => r.item.title === title);
    expect(row('Beta page')!.cells[1]).toEqual({ state: 'always', shown: 2, total: 2 });
    // With newDashboard on nobody gets payment methods, so the row goes.
    expect(row('Payment methods')).toBeUndefined();
  });

  it('shows the chosen page for every persona', () => {
    const grid = buildGrid(summary, 'dashboard');
    expect(grid.columns.map((c) => `${c.persona} ${c.page}`)).toEqual(['visitor dashboard', 'customer dashboard']);
  });
});
