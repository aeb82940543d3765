import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LABEL_BUDGETS } from '../analysis';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator';
import {
  changedDrafts,
  collectRows,
  groupSummary,
  englishReferenceLocale,
  fieldLink,
  itemOptions,
  itemsPath,
  parseItemIds,
  withEdit,
  type Edits,
  type ItemRow,
  type LocaleSource,
} from './cross-locale-model';

/** Every locale config of the seed, as the table loads them (text, ETag, parsed content). */
function seedSources(): LocaleSource[] {
  return LOCALE_CONFIG_IDS.map((id) => {
    const text = readFileSync(path.resolve('config', `${id}.json`), 'utf8');
    return { id, draft: { id, text, etag: `"v1-${id}"`, version: 1, content: JSON.parse(text) as unknown } };
  });
}

const rowOf = (rows: Map<string, ItemRow[]>, item: string, locale: string) =>
  rows.get(item)!.find((r) => r.locale === locale)!;
const flagCodes = (row: ItemRow) => (row.state === 'unavailable' ? [] : row.flags.map((f) => f.code));

describe('collectRows: one item across the locale drafts', () => {
  const sources = seedSources();

  it('has one row per registry locale, in registry order, with label, link and rule from each draft', () => {
    const rows = collectRows(sources, ['login'], {});
    expect(rows.get('login')!.map((r) => r.locale)).toEqual([...LOCALE_CONFIG_IDS]);
    const de = rowOf(rows, 'login', 'de-DE');
    expect(de).toMatchObject({
      state: 'present',
      label: { value: 'Anmelden', edited: false, pointer: '/header/public/actionItems/0/title' },
      href: { value: '/login/' },
    });
  });

  it('marks a locale without the id as missing and keeps the other locales', () => {
    const rows = collectRows(sources, ['festgeld'], {});
    const present = rows
      .get('festgeld')!
      .filter((r) => r.state === 'present')
      .map((r) => r.locale);
    expect(present).toEqual(['de-DE', 'de-AT', 'de-CH']);
    const gb = rowOf(rows, 'festgeld', 'en-GB');
    expect(gb.state).toBe('missing');
    expect(flagCodes(gb)).toEqual(['missing']);
    expect(gb.state === 'missing' && gb.flags[0]!.message).toBe('en-GB has no item with the id "festgeld"');
    expect(groupSummary(rows.get('festgeld')!)).toBe('in 3 of 13 locales · 10 missing');
  });

  it('flags a non-English label that equals the English reference label, and not an English locale’s', () => {
    const gbLabel = rowOf(collectRows(sources, ['login'], {}), 'login', 'en-GB');
    expect(gbLabel.state === 'present' && gbLabel.label.value).toBe('Log in');
    const edits: Edits = { 'de-AT': { '/header/public/actionItems/0/title': 'Log in' } };
    const rows = collectRows(sources, ['login'], edits);
    const at = rowOf(rows, 'login', 'de-AT');
    expect(flagCodes(at)).toEqual(['untranslated']);
    expect(at.state === 'present' && at.label).toMatchObject({ value: 'Log in', saved: 'Anmelden', edited: true });
    expect(flagCodes(rowOf(rows, 'login', 'en-US'))).toEqual([]);
    expect(flagCodes(rowOf(rows, 'login', 'de-DE'))).toEqual([]);
    expect(englishReferenceLocale(sources)).toBe('en-GB');
  });

  it('flags a label over its 375 px budget with the audience lint’s numbers, and clears it when shortened', () => {
    const item = 'freistellungsauftrag-uebersicht';
    const rows = collectRows(sources, [item], {});
    const de = rowOf(rows, item, 'de-DE');
    expect(flagCodes(de)).toEqual(['too-long']);
    expect(de.state === 'present' && de.flags[0]!.message).toContain(
      `room for about ${LABEL_BUDGETS['account-menu'].chars}`,
    );
    const shorter = collectRows(sources, [item], {
      'de-DE': { [de.state === 'present' ? de.label.pointer : '']: 'Im Überblick' },
    });
    expect(flagCodes(rowOf(shorter, item, 'de-DE'))).toEqual([]);
  });

  it('checks an action label with the other labels of its bar (they share one row at 375 px)', () => {
    const long = 'Ein sehr langer Anmeldetext für kleine Telefone';
    const rows = collectRows(sources, ['login', 'register'], {
      'de-AT': { '/header/public/actionItems/0/title': long },
    });
    expect(flagCodes(rowOf(rows, 'login', 'de-AT'))).toEqual(['too-long']);
    // The bar is too long as a whole, so its other button says so as well.
    expect(flagCodes(rowOf(rows, 'register', 'de-AT'))).toEqual(['too-long']);
    expect(flagCodes(rowOf(rows, 'login', 'de-CH'))).toEqual([]);
    expect(groupSummary(rows.get('login')!)).toBe('in 12 of 13 locales · 1 missing · 1 too long at 375 px');
  });

  it('shows a locale that could not be read as unavailable, with the reason', () => {
    const broken: LocaleSource[] = sources.map((s) =>
      s.id === 'fi-FI' ? { id: 'fi-FI', error: 'the fi-FI draft is damaged' } : s,
    );
    broken.splice(
      broken.findIndex((s) => s.id === 'pl-PL'),
      1,
      { id: 'pl-PL', draft: { id: 'pl-PL', text: '{}', etag: '"v1"', version: 1, content: {} } },
    );
    const rows = collectRows(broken, ['login'], {});
    expect(rowOf(rows, 'login', 'fi-FI')).toMatchObject({ state: 'unavailable', reason: 'the fi-FI draft is damaged' });
    expect(rowOf(rows, 'login', 'pl-PL')).toMatchObject({
      state: 'unavailable',
      reason: expect.stringContaining('not a complete locale config'),
    });
    expect(rowOf(rows, 'login', 'it-IT').state).toBe('present');
    expect(groupSummary(rows.get('login')!)).toBe('in 10 of 13 locales · 1 missing · 2 not readable');
  });
});

describe('itemOptions', () => {
  it('lists every item id once, with its English label and the locales that have it', () => {
    const options = itemOptions(seedSources());
    const login = options.find((o) => o.id === 'login')!;
    expect(login.label).toBe('Log in');
    expect(login.locales).toHaveLength(12);
    expect(login.locales).not.toContain('en');
    expect(options.find((o) => o.id === 'festgeld')).toMatchObject({
      label: 'Festgeld',
      locales: ['de-DE', 'de-AT', 'de-CH'],
    });
    expect(new Set(options.map((o) => o.id)).size).toBe(options.length);
  });
});

describe('changedDrafts: the edits as one draft per changed locale', () => {
  const sources = seedSources();
  const label = '/header/public/actionItems/0/title';

  it('makes one draft per locale whose edits differ from its draft, with minimal text changes', () => {
    let edits: Edits = {};
    edits = withEdit(edits, 'de-AT', label, 'Einloggen', 'Anmelden');
    edits = withEdit(edits, 'de-CH', label, 'Einloggen', 'Anmelden');
    edits = withEdit(edits, 'en-US', label, 'Sign in', 'Log in');
    edits = withEdit(edits, 'en-US', '/header/public/actionItems/0/href', '/sign-in/', '/login/');
    const drafts = changedDrafts(sources, edits);
    expect(drafts.map((d) => d.id)).toEqual(['de-AT', 'de-CH', 'en-US']);
    const at = drafts[0]!;
    const base = sources.find((s) => s.id === 'de-AT')!;
    expect(at.base).toBe('draft' in base ? base.draft : undefined);
    // Only the label's line changed: the rest of the text (its formatting, its line numbers) is the draft's.
    const before = at.base.text.split('\n');
    const after = at.text.split('\n');
    expect(after).toHaveLength(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      before.find((l) => l.includes('"Anmelden"'))!.replace('Anmelden', 'Einloggen'),
    ]);
    expect(
      (at.content as { header: { public: { actionItems: { title: string }[] } } }).header.public.actionItems[0]!.title,
    ).toBe('Einloggen');
    expect(drafts[2]!.pointers).toEqual([label, '/header/public/actionItems/0/href']);
    expect(
      (drafts[2]!.content as { header: { public: { actionItems: { href: string }[] } } }).header.public.actionItems[0]!
        .href,
    ).toBe('/sign-in/');
  });

  it('drops an edit typed back to the saved value, so the locale is not saved', () => {
    let edits = withEdit({}, 'de-AT', label, 'Einloggen', 'Anmelden');
    edits = withEdit(edits, 'de-AT', label, 'Anmelden', 'Anmelden');
    expect(edits).toEqual({});
    expect(changedDrafts(sources, edits)).toEqual([]);
  });

  it('ignores locales that could not be loaded', () => {
    const broken: LocaleSource[] = sources.map((s) => (s.id === 'de-AT' ? { id: 'de-AT', error: 'gone' } : s));
    expect(changedDrafts(broken, { 'de-AT': { [label]: 'Einloggen' } })).toEqual([]);
  });
});

describe('links and ids in the URL', () => {
  it('reads and writes /items/<id>,<id>', () => {
    expect(parseItemIds('login,register,login')).toEqual(['login', 'register']);
    expect(parseItemIds(undefined)).toEqual([]);
    expect(itemsPath(['login', 'register'])).toBe('/items/login,register');
    expect(itemsPath([])).toBe('/items');
  });

  it('links a cell to its field with the shared ?at= pointer', () => {
    expect(fieldLink('de-AT', '/header/public/actionItems/0/title')).toBe(
      '/documents/de-AT?at=%2Fheader%2Fpublic%2FactionItems%2F0%2Ftitle',
    );
  });
});
