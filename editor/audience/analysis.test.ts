import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentIdFromFileName } from '../../schemas/validator/documents';
import { analyzeDraft } from './analysis';
import { buildGrid } from './grid-model';
import type { DocumentText } from './prepare-documents';

/** The shipped configs, as the service seeds them. */
const CONFIG = path.resolve(__dirname, '../../config');
const shipped: DocumentText[] = readdirSync(CONFIG)
  .filter((n) => documentIdFromFileName(n) !== undefined)
  .map((n) => ({ id: n.replace(/\.json$/, ''), text: readFileSync(path.join(CONFIG, n), 'utf8') }));
const text = (id: string) => shipped.find((d) => d.id === id)!.text;

function replaceOnce(source: string, find: string, replacement: string): string {
  expect(source.split(find), `"${find}" occurs once`).toHaveLength(2);
  return source.replace(find, replacement);
}

/** fi-FI's finance-knowledge dropdown ("Taloustietoa") with every entry for company customers only. */
const emptiedForPrivateCustomers = ['saastamisopas', 'sijoitusopas', 'korkolaskuri'].reduce(
  (t, id) => replaceOnce(t, `"id": "${id}",`, `"id": "${id}", "visibility": { "customerType": "company" },`),
  text('fi-FI'),
);

describe('analyzeDraft', { timeout: 60_000 }, () => {
  it('builds the matrix of the shipped fi-FI: who sees which item, and when a flag decides', () => {
    const result = analyzeDraft('fi-FI', text('fi-FI'), shipped);
    if (result.kind !== 'ready') throw new Error(`expected a matrix, got ${result.kind}`);
    const { summary } = result;
    expect(summary.pages).toEqual(expect.arrayContaining(['home', 'dashboard', 'login']));
    expect(summary.problems).toEqual([]);
    expect(result.excluded).toEqual([]);

    const grid = buildGrid(summary, 'auto');
    expect(grid.columns.map((c) => `${c.persona} ${c.page} ${c.headers.join()}`)).toEqual([
      'visitor home public',
      'partner-visitor home partner',
      'customer dashboard private',
      'company dashboard private',
      'pending dashboard private',
      'no-customer-data dashboard logoOnly',
    ]);
    const row = (id: string) => grid.groups.flatMap((g) => g.rows).find((r) => r.item.id === id)!;
    const states = (id: string) => row(id).cells.map((c) => c.condition ?? c.state);
    // Public "Säästäminen" is for visitors only; the partner-referred visitor gets no navigation at all.
    expect(states('saastaminen')).toEqual(['always', 'never', 'never', 'never', 'never', 'never']);
    // The overview entry follows newDashboard, its legacy twin the opposite; pending customers hold no account yet.
    expect(states('yleiskatsaus')).toEqual([
      'never',
      'never',
      'newDashboard on',
      'newDashboard on',
      'newDashboard on',
      'never',
    ]);
    expect(states('yleiskatsaus-legacy')).toEqual([
      'never',
      'never',
      'newDashboard off',
      'newDashboard off',
      'newDashboard off',
      'never',
    ]);
    expect(states('maksutavat')).toEqual([
      'never',
      'never',
      'paymentMethodScreens on',
      'paymentMethodScreens on',
      'never',
      'never',
    ]);
  });

  it('warns about a dropdown some audience finds empty, pointing at the nav item', () => {
    const result = analyzeDraft('fi-FI', emptiedForPrivateCustomers, shipped);
    if (result.kind !== 'ready') throw new Error(`expected a matrix, got ${result.kind}`);
    const empty = result.summary.problems.filter((p) => p.code === 'empty-dropdown');
    expect(empty).toHaveLength(1);
    expect(empty[0]).toMatchObject({ severity: 'error', document: 'fi-FI', pointer: '/header/private/navItems/3' });
    expect(empty[0]!.message).toContain('the dropdown "Taloustietoa" is left without a link after filtering');
    expect(empty[0]!.audiences!.map((a) => a.persona)).toEqual(expect.arrayContaining(['customer', 'pending']));
    expect(empty[0]!.audiences!.map((a) => a.persona)).not.toContain('company');
  });

  it('warns about an English label left in a non-English locale', () => {
    const result = analyzeDraft(
      'fi-FI',
      replaceOnce(text('fi-FI'), '"title": "Viestit"', '"title": "Messages"'),
      shipped,
    );
    if (result.kind !== 'ready') throw new Error(`expected a matrix, got ${result.kind}`);
    expect(result.summary.problems).toEqual([
      expect.objectContaining({
        code: 'untranslated-label',
        document: 'fi-FI',
        pointer: '/accountMenu/items/0/title',
        message: 'label of "viestit" "Messages" is the same as in en-GB',
      }),
    ]);
  });

  it('lists the reference locale’s items a sibling lacks, pointing into the reference', () => {
    const result = analyzeDraft('de-AT', text('de-AT'), shipped);
    if (result.kind !== 'ready') throw new Error(`expected a matrix, got ${result.kind}`);
    const missing = result.summary.problems.filter((p) => p.code === 'missing-in-sibling');
    expect(missing.length).toBeGreaterThan(0);
    for (const p of missing) expect(p).toMatchObject({ document: 'de-DE', locale: 'de-AT' });
    // de-DE's own findings about other siblings (de-CH) are not de-AT's business.
    expect(result.summary.problems.every((p) => p.locale === 'de-AT' || p.document === 'de-AT')).toBe(true);
  });

  it('refuses a draft that breaks the schema, with the validator’s problem', () => {
    const result = analyzeDraft('fi-FI', replaceOnce(text('fi-FI'), '"basePath": "/fi-fi"', '"basePath": 42'), shipped);
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(result.problems[0]).toMatchObject({ code: 'schema', pointer: '/basePath' });
  });

  it('says markets and flags have no matrix of their own', () => {
    expect(analyzeDraft('markets', text('markets'), shipped)).toEqual({ kind: 'not-a-locale' });
  });

  it('leaves out another document that does not validate, and says which and why', () => {
    const others = shipped.map((d) => (d.id === 'en' ? { id: 'en', text: '{ "locale": ' } : d));
    const result = analyzeDraft('fi-FI', text('fi-FI'), others);
    if (result.kind !== 'ready') throw new Error(`expected a matrix, got ${result.kind}`);
    expect(result.excluded).toEqual([{ id: 'en', reason: expect.stringMatching(/^en does not validate: 1:\d+ \/ /) }]);
  });
});
