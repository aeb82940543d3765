import deDE from '../../config/de-DE.json';
import markets from '../../config/markets.json';
import { fold, humanise, indexDocument } from './search-entries';

describe('indexDocument', () => {
  const entries = indexDocument('de-DE', deDE);

  it('finds nested menu items with their trail: section, header variant, parent item', () => {
    const festgeld = entries.filter((e) => e.label?.value === 'Festgeld' && e.trail.includes('Mein Sparen'));
    expect(festgeld.length).toBeGreaterThan(0);
    const [first] = festgeld;
    expect(first!.trail).toEqual(['Header', 'Private', 'Mein Sparen']);
    expect(first!.pointer).toMatch(/^\/header\/private\/navItems\/\d+\/subMenus\/main\/\d+$/);
    expect(first!.hrefPath).toBe(first!.href!.value.replace(/\/$/, '').toLowerCase());
  });

  it('walks generically: an unknown item type with a label, href or id is an entry, with its key as name when unlabelled', () => {
    const doc = {
      header: { widgets: [{ type: 'future-kind', title: 'Neu', href: '/neu/' }] },
      footer: { reviewStrip: { href: '/reviews/', display: true } },
    };
    const found = indexDocument('de-DE', doc);
    expect(found.map((e) => [e.pointer, e.name, e.trail])).toEqual([
      ['/header/widgets/0', 'Neu', ['Header', 'Widgets']],
      ['/footer/reviewStrip', 'Review strip', ['Footer']],
    ]);
  });

  it('escapes pointer segments (RFC 6901)', () => {
    expect(indexDocument('de-DE', { 'a/b': { 'c~d': { id: 'x' } } })[0]!.pointer).toBe('/a~1b/c~0d');
  });

  it('indexes the markets list by country, link and id', () => {
    const at = indexDocument('markets', markets).find((e) => e.id === 'at')!;
    expect(at).toMatchObject({ name: 'Österreich', href: { key: 'link', value: '/de-at/' }, trail: ['Markets'] });
  });

  it('gives a broken draft no entries instead of failing', () => {
    expect(indexDocument('de-DE', undefined)).toEqual([]);
    expect(indexDocument('de-DE', 'text')).toEqual([]);
  });
});

it('folds case and accents, and names keys as words', () => {
  expect(fold('Kündigungsgeld')).toBe('kundigungsgeld');
  expect(humanise('accountMenu')).toBe('Account menu');
  expect(humanise('legal_links')).toBe('Legal links');
});
