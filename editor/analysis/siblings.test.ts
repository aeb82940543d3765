import { describe, expect, it } from 'vitest';
import type { Rule } from '../../schemas/generated/config-types';
import { editableConfig, loadConfig } from '../../runtime/resolver/__fixtures__/configs';
import { indexConfig } from './items';
import { canHoldInLocale, checkSibling, siblingsOf } from './siblings';

describe('siblings', () => {
  it('are the market locales of the same language, not plain en', () => {
    const ids = ['de-DE', 'de-AT', 'de-CH', 'en-GB', 'en-IE', 'en-US', 'en', 'fr-FR'];
    expect(siblingsOf('en-GB', ids)).toEqual(['en-IE', 'en-US']);
    expect(siblingsOf('de-DE', ids)).toEqual(['de-AT', 'de-CH']);
  });

  it.each<[Rule, boolean | undefined]>([
    [{ locale: ['de-DE'] }, false],
    [{ locale: ['de-DE', 'de-AT'] }, true],
    [{ flag: 'x' }, undefined],
    [{ all: [{ flag: 'x' }, { locale: ['de-DE'] }] }, false],
    [{ any: [{ flag: 'x' }, { locale: ['de-DE'] }] }, undefined],
    [{ any: [{ flag: 'x' }, { locale: ['de-AT'] }] }, true],
    [{ not: { locale: ['de-DE'] } }, true],
    [{ not: { access: 'HAS_FIXED_DEPOSIT_ACCOUNT' } }, undefined],
  ])('can %j hold in de-AT? %s', (rule, expected) => {
    expect(canHoldInLocale(rule, 'de-AT')).toBe(expected);
  });

  it('reports an item id of the reference that the sibling lacks, at the reference item', () => {
    const ref = editableConfig('de-DE');
    const sibling = structuredClone(ref);
    sibling.locale = 'de-AT';
    sibling.footer.legalLinks.splice(2, 1); // agb
    const problems = checkSibling('de-DE', indexConfig(ref), 'de-AT', indexConfig(sibling));
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'missing-in-sibling',
        severity: 'warning',
        document: 'de-DE',
        locale: 'de-AT',
        pointer: '/footer/legalLinks/2',
      }),
    ]);
    expect(problems[0]!.message).toBe('"agb" (footer › legal) is in de-DE but missing from de-AT');
  });

  it('a missing dropdown is reported once, not once per entry', () => {
    const ref = editableConfig('de-DE');
    const sibling = structuredClone(ref);
    sibling.header.public!.navItems!.splice(1, 1); // anlegen with four entries
    expect(checkSibling('de-DE', indexConfig(ref), 'de-AT', indexConfig(sibling)).map((p) => p.pointer)).toEqual([
      '/header/public/navItems/1',
    ]);
  });

  it('an item the reference gates to its own locale is not expected in the sibling', () => {
    const ref = loadConfig('de-DE');
    const sibling = editableConfig('de-DE');
    const menu = sibling.accountMenu!;
    menu.items = menu.items.filter((i) => !i.visibility?.locale) as typeof menu.items;
    expect(checkSibling('de-DE', indexConfig(ref), 'de-AT', indexConfig(sibling))).toEqual([]);
  });
});
