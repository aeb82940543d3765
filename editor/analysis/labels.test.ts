import { describe, expect, it } from 'vitest';
import { ACTION_BAR_METRICS } from '../../runtime/components/Header/action-bar-metrics';
import { editableConfig, loadConfig } from '../../runtime/resolver/__fixtures__/configs';
import { indexConfig, type IndexedItem } from './items';
import {
  actionBarBudget,
  checkLabelOverflow,
  checkUntranslated,
  englishReference,
  isLanguageNeutral,
  LABEL_BUDGETS,
} from './labels';

const item = (kind: IndexedItem['kind'], title: string, pointer = '/header/public/navItems/0'): IndexedItem => ({
  document: 'de-DE',
  id: 'x',
  kind,
  title,
  pointer,
  location: 'somewhere',
});

describe('overflow budgets at 375 px (docs/lint-matrix.md)', () => {
  it('are the documented character budgets', () => {
    const chars = Object.fromEntries(Object.entries(LABEL_BUDGETS).map(([k, b]) => [k, b.chars]));
    expect(chars).toEqual({
      'top-nav': 35,
      submenu: 37,
      'action-bar': 35,
      'account-menu': 33,
      'footer-heading': 39,
      'footer-link': 42,
      'legal-link': 49,
    });
    expect(actionBarBudget(2)).toBe(35);
    expect(actionBarBudget(1)).toBe(39);
  });

  it('a label over its location’s budget is a warning at its title; at the budget it is fine', () => {
    expect(checkLabelOverflow([item('submenu', 'x'.repeat(37))])).toEqual([]);
    const problems = checkLabelOverflow([item('submenu', 'x'.repeat(38), '/header/public/navItems/0/subMenus/main/0')]);
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'label-overflow',
        severity: 'warning',
        pointer: '/header/public/navItems/0/subMenus/main/0/title',
      }),
    ]);
    expect(problems[0]!.message).toContain('(38 characters)');
  });

  it('counts characters, not UTF-16 units or bytes', () => {
    expect(checkLabelOverflow([item('account', 'ö'.repeat(33))])).toEqual([]);
    expect(checkLabelOverflow([item('account', 'ö'.repeat(34))])).toHaveLength(1);
  });

  it('a footer column is checked by its heading', () => {
    expect(checkLabelOverflow([item('footer-column', 'y'.repeat(40), '/footer/columns/1')])).toEqual([
      expect.objectContaining({ pointer: '/footer/columns/1/heading' }),
    ]);
  });

  it('action labels are checked together per bar: the buttons do not wrap, so their sum must fit at 320 px', () => {
    const bar = (a: string, b: string) => [
      item('action', a, '/header/public/actionItems/0'),
      item('action', b, '/header/public/actionItems/1'),
    ];
    expect(checkLabelOverflow(bar('Iniciar sesión', 'Abrir cuenta nueva ya'))).toEqual([]); // 35 characters
    const problems = checkLabelOverflow(bar('Iniciar sesión', 'Abrir una cuenta nueva'));
    expect(problems).toEqual([
      expect.objectContaining({ code: 'label-overflow', pointer: '/header/public/actionItems' }),
    ]);
    expect(problems[0]!.message).toContain('(36 characters)');
    expect(problems[0]!.message).toContain('at 320 px');
  });

  it('the action bar budget follows the bar’s metrics: 320 px of screen with its small labels binds', () => {
    const { minViewportPx, buttonPaddingPx, buttonBorderPx, narrow } = ACTION_BAR_METRICS;
    const room = minViewportPx - 2 * narrow.barPaddingPx - narrow.gapPx - 2 * 2 * (buttonPaddingPx + buttonBorderPx);
    expect(LABEL_BUDGETS['action-bar']).toMatchObject({
      fontPx: narrow.fontPx,
      availablePx: room,
      chars: Math.floor(room / (narrow.fontPx * 0.5)),
    });
  });

  it('the shipped action bars fit: every locale’s login and registration labels together', () => {
    for (const id of ['de-DE', 'fr-FR', 'es-ES', 'nl-NL', 'fi-FI', 'pl-PL', 'it-IT', 'en-GB'] as const) {
      const actions = indexConfig(loadConfig(id)).filter((entry) => entry.kind === 'action');
      expect(checkLabelOverflow(actions), id).toEqual([]);
    }
  });
});

describe('untranslated labels', () => {
  const enGB = loadConfig('en-GB');
  const english = englishReference(indexConfig(enGB), indexConfig(loadConfig('en')), enGB);

  it('acronyms and labels without letters are the same in every language', () => {
    expect(['FAQ', 'ETF', 'IBAN', '€ 1.000', '24/7'].map(isLanguageNeutral)).toEqual([true, true, true, true, true]);
    expect(['Dashboard', 'Login', 'Fixed-rate bonds'].map(isLanguageNeutral)).toEqual([false, false, false]);
  });

  it('flags a non-English label equal to the English label of the same item, and an untranslated UI text', () => {
    const config = editableConfig('de-DE');
    const gbMessages = enGB.accountMenu!.items[0]!;
    config.accountMenu!.items[0] = { ...config.accountMenu!.items[0]!, id: gbMessages.id, title: gbMessages.title };
    config.strings.header.logout = enGB.strings.header.logout;
    const problems = checkUntranslated(config, indexConfig(config), english);
    expect(problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([
      ['untranslated-label', 'warning', '/accountMenu/items/0/title'],
      ['untranslated-label', 'warning', '/strings/header/logout'],
    ]);
  });

  it('matches items by link when the ids differ', () => {
    const config = editableConfig('de-DE');
    const gbItem = indexConfig(enGB).find((i) => i.kind === 'account' && i.href === '/documents')!;
    const index = config.accountMenu!.items.findIndex((i) => i.href === '/documents');
    config.accountMenu!.items[index]!.title = gbItem.title;
    expect(checkUntranslated(config, indexConfig(config), english).map((p) => p.pointer)).toEqual([
      `/accountMenu/items/${index}/title`,
    ]);
  });

  it('is quiet on the shipped non-English locales and skips English ones', () => {
    for (const id of ['de-DE', 'de-AT', 'de-CH', 'fr-FR', 'es-ES', 'nl-NL', 'pl-PL', 'fi-FI', 'it-IT'] as const)
      expect(checkUntranslated(loadConfig(id), indexConfig(loadConfig(id)), english), id).toEqual([]);
    const enIE = loadConfig('en-IE');
    expect(checkUntranslated(enIE, indexConfig(enIE), english)).toEqual([]);
  });
});
