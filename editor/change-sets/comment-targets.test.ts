import { readFileSync } from 'node:fs';
import { commentTarget, describeTarget, itemChoices } from './comment-targets';

const deDE = JSON.parse(readFileSync('config/de-DE.json', 'utf8')) as unknown;

describe('what a comment can point at', () => {
  it('offers the items of a locale draft with their pointers, and none for other documents', () => {
    const items = itemChoices(deDE);
    expect(items.length).toBeGreaterThan(10);
    const payment = items.find((i) => i.label.endsWith('› Zahlungsmethoden'));
    expect(payment?.pointer).toMatch(/^\/(header|accountMenu)\//);
    expect(itemChoices(JSON.parse(readFileSync('config/flags.json', 'utf8')))).toEqual([]);
  });

  it('builds the body’s target: none for the set, the root pointer for a whole document, the item otherwise', () => {
    const item = { pointer: '/header/private/navItems/0', itemId: 'savings', label: 'header.private › Sparen' };
    expect(commentTarget(null, item)).toBeUndefined();
    expect(commentTarget('de-DE', undefined)).toEqual({ document: 'de-DE', pointer: '' });
    expect(commentTarget('de-DE', item)).toEqual({
      document: 'de-DE',
      pointer: '/header/private/navItems/0',
      itemId: 'savings',
    });
    expect(
      describeTarget({ target: { document: 'de-DE', pointer: '/header/private/navItems/0', itemId: 'savings' } }),
    ).toBe('on de-DE › savings');
    expect(describeTarget({})).toBe('on the set');
  });
});
