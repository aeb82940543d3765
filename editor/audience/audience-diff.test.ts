import type { CatalogItem, ItemPlace } from './item-catalog';
import type { ViewSummary } from './matrix-summary';
import { diffAudiences, groupIdenticalChanges, type AudienceChanges, type DiffLocale, type DiffSide } from './audience-diff';

const PERSONAS = ['visitor', 'customer', 'company'];

function catalog(...items: [ItemPlace, string, string][]): Map<string, CatalogItem> {
  return new Map(items.map(([place, id, title]) => [`${place}:${id}`, { key: `${place}:${id}`, place, id, title, location: `loc of ${id}`, document: 'fi-FI', pointer: `/x/${id}` }]));
}

/** A view whose every flag combination shows the same keys. */
const fixed = (persona: string, page: string, keys: string[]): ViewSummary => ({ persona, page, flags: [], outcomes: [{ header: 'public', keys }], cellOutcome: [0] });

/** A view reading one flag: `off` keys with it off, `on` keys with it on. */
const byFlag = (persona: string, page: string, flag: string, off: string[], on: string[]): ViewSummary => ({
  persona,
  page,
  flags: [flag],
  outcomes: [{ header: 'private', keys: off }, { header: 'private', keys: on }],
  cellOutcome: [0, 1],
});

const side = (locales: Record<string, DiffLocale>, defaults: string[] = []): DiffSide => ({ locales: new Map(Object.entries(locales)), defaultFlags: new Set(defaults) });

const names = (changes: AudienceChanges['appeared']) => changes.map((c) => `${c.title} ${c.pages.join('+')}`);

describe('diffAudiences', () => {
  const cat = catalog(['nav', 'save', 'Save'], ['dropdown', 'offer', 'Offer'], ['dropdown', 'offer-2', 'Offer 2'], ['account', 'docs', 'Documents']);

  it('lists, per persona, what appears and disappears, with the pages, and leaves out personas with no change', () => {
    const before = side({ 'fi-FI': { catalog: cat, views: [fixed('visitor', 'home', ['nav:save']), fixed('customer', 'home', ['nav:save', 'dropdown:offer']), fixed('customer', 'dashboard', ['dropdown:offer', 'account:docs'])] } });
    const after = side({ 'fi-FI': { catalog: cat, views: [fixed('visitor', 'home', ['nav:save']), fixed('customer', 'home', ['nav:save', 'dropdown:offer-2']), fixed('customer', 'dashboard', ['dropdown:offer-2', 'account:docs'])] } });

    const diff = diffAudiences(before, after, ['fi-FI'], PERSONAS);

    expect(diff.entries.map((e) => `${e.locale} ${e.persona}`)).toEqual(['fi-FI customer']);
    const [customer] = diff.entries;
    expect(names(customer!.appeared)).toEqual(['Offer 2 home+dashboard']);
    expect(names(customer!.disappeared)).toEqual(['Offer home+dashboard']);
    expect(customer!.appeared[0]).toMatchObject({ key: 'dropdown:offer-2', location: 'loc of offer-2' });
    expect(customer!.relabelled).toEqual([]);
    expect(customer!.flagDependent).toBeNull();
  });

  it('reports nothing when no audience sees a difference', () => {
    const views = [fixed('visitor', 'home', ['nav:save']), fixed('customer', 'dashboard', ['account:docs'])];
    expect(diffAudiences(side({ 'fi-FI': { catalog: cat, views } }), side({ 'fi-FI': { catalog: cat, views } }), ['fi-FI'], PERSONAS)).toEqual({ entries: [], uncompared: [] });
  });

  it('names a renamed item that stays visible, with its old label', () => {
    const renamed = catalog(['nav', 'save', 'Sparen'], ['account', 'docs', 'Documents']);
    const views = [fixed('visitor', 'home', ['nav:save'])];
    const diff = diffAudiences(side({ 'fi-FI': { catalog: cat, views } }), side({ 'fi-FI': { catalog: renamed, views } }), ['fi-FI'], PERSONAS);
    expect(diff.entries).toHaveLength(1);
    expect(diff.entries[0]!.relabelled).toEqual([{ key: 'nav:save', title: 'Sparen', before: 'Save', location: 'loc of save', pages: ['home'] }]);
  });

  it('compares at each side’s default flags, so a changed default (publishing flags.json) shows as a change', () => {
    const views = [byFlag('customer', 'dashboard', 'paymentMethods', ['account:docs'], ['account:docs', 'nav:save'])];
    const diff = diffAudiences(side({ 'fi-FI': { catalog: cat, views } }, []), side({ 'fi-FI': { catalog: cat, views } }, ['paymentMethods']), ['fi-FI'], PERSONAS);
    expect(diff.entries).toHaveLength(1);
    expect(names(diff.entries[0]!.appeared)).toEqual(['Save dashboard']);
    // The rules did not change: under the same flags nothing differs, so nothing is flag-dependent.
    expect(diff.entries[0]!.flagDependent).toBeNull();
  });

  it('counts changes that show only under non-default flags, with an example combination', () => {
    const before = [byFlag('customer', 'dashboard', 'newDashboard', ['account:docs'], ['account:docs'])];
    const after = [byFlag('customer', 'dashboard', 'newDashboard', ['account:docs'], ['account:docs', 'dropdown:offer'])];
    const diff = diffAudiences(side({ 'fi-FI': { catalog: cat, views: before } }), side({ 'fi-FI': { catalog: cat, views: after } }), ['fi-FI'], PERSONAS);
    expect(diff.entries).toHaveLength(1);
    const [entry] = diff.entries;
    expect(entry!.appeared).toEqual([]);
    expect(entry!.flagDependent).toEqual({ count: 1, example: ['newDashboard'], exampleItem: 'Offer' });
  });

  it('does not count an item again as flag-dependent when it already changes at the defaults on another page', () => {
    const before = [fixed('customer', 'home', []), byFlag('customer', 'dashboard', 'newDashboard', [], [])];
    const after = [fixed('customer', 'home', ['nav:save']), byFlag('customer', 'dashboard', 'newDashboard', [], ['nav:save'])];
    const diff = diffAudiences(side({ 'fi-FI': { catalog: cat, views: before } }), side({ 'fi-FI': { catalog: cat, views: after } }), ['fi-FI'], PERSONAS);
    expect(names(diff.entries[0]!.appeared)).toEqual(['Save home']);
    expect(diff.entries[0]!.flagDependent).toBeNull();
  });

  it('treats a locale that was never published as showing nothing before', () => {
    const after = side({ 'fi-FI': { catalog: cat, views: [fixed('visitor', 'home', ['nav:save'])] } });
    const diff = diffAudiences(side({}), after, ['fi-FI'], PERSONAS);
    expect(diff.entries).toHaveLength(1);
    expect(names(diff.entries[0]!.appeared)).toEqual(['Save home']);
  });

  it('lists entries in scope order, then persona order', () => {
    const views = (keys: string[]) => [fixed('company', 'home', keys), fixed('visitor', 'home', keys)];
    const before = side({ 'de-DE': { catalog: cat, views: views([]) }, 'fi-FI': { catalog: cat, views: views([]) } });
    const after = side({ 'de-DE': { catalog: cat, views: views(['nav:save']) }, 'fi-FI': { catalog: cat, views: views(['nav:save']) } });
    const diff = diffAudiences(before, after, ['fi-FI', 'de-DE'], PERSONAS);
    expect(diff.entries.map((e) => `${e.locale} ${e.persona}`)).toEqual(['fi-FI visitor', 'fi-FI company', 'de-DE visitor', 'de-DE company']);
  });

  it('compares only the default cell of a view with more than 10 flags, and says so', () => {
    const flags = Array.from({ length: 11 }, (_, i) => `f${i}`);
    const wide: ViewSummary = { persona: 'customer', page: 'dashboard', flags, outcomes: [{ header: 'private', keys: [] }], cellOutcome: new Array(1 << 11).fill(0) };
    const diff = diffAudiences(side({ 'fi-FI': { catalog: cat, views: [wide] } }), side({ 'fi-FI': { catalog: cat, views: [wide] } }), ['fi-FI'], PERSONAS);
    expect(diff.uncompared).toEqual([{ locale: 'fi-FI', persona: 'customer', page: 'dashboard', flags: 11 }]);
  });
});

describe('groupIdenticalChanges', () => {
  const change = (locale: string, persona: string, title: string): AudienceChanges => ({
    locale,
    persona,
    appeared: [{ key: `nav:${title}`, title, location: 'header', pages: ['home'] }],
    disappeared: [],
    relabelled: [],
    flagDependent: null,
  });

  it('lists audiences with the same changes once, per locale', () => {
    const groups = groupIdenticalChanges([change('de-AT', 'visitor', 'A'), change('de-AT', 'customer', 'A'), change('de-AT', 'company', 'B'), change('fi-FI', 'visitor', 'A')]);
    expect(groups.map((g) => ({ who: g.audiences, title: g.changes.appeared[0]!.title }))).toEqual([
      { who: [{ locale: 'de-AT', personas: ['visitor', 'customer'] }, { locale: 'fi-FI', personas: ['visitor'] }], title: 'A' },
      { who: [{ locale: 'de-AT', personas: ['company'] }], title: 'B' },
    ]);
  });
});
