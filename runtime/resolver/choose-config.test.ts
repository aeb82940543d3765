import { describe, expect, it } from 'vitest';
import { chooseConfig } from './choose-config';
import { PAGE_KINDS, type PageKind } from './context';
import { CONFIG_IDS, MARKET_LOCALES } from './__fixtures__/configs';

const PAGES_WITH_LOCALE_CONFIG = PAGE_KINDS.filter((p) => p !== 'country-selector' && p !== 'corporate');

describe('chooseConfig: fixed configs and locale fallbacks', () => {
  it.each(CONFIG_IDS)('%s on the home page loads its own config', (id) => {
    expect(chooseConfig(id, 'home')).toEqual({ ok: true, configId: id, fellBack: false });
  });

  it.each([
    ['de-de', 'de-DE'],
    ['DE-DE', 'de-DE'],
    ['En-Gb', 'en-GB'],
    ['EN', 'en'],
    ['it-it', 'it-IT'],
  ])('matches %s case-insensitively to %s', (requested, id) => {
    expect(chooseConfig(requested, 'dashboard')).toEqual({ ok: true, configId: id, fellBack: false });
  });

  it.each(['xx-XX', 'de', 'en-AU', 'de_DE', ''])(
    'an unknown locale "%s" on the login page falls back to en-US',
    (requested) => {
      expect(chooseConfig(requested, 'login')).toEqual({ ok: true, configId: 'en-US', fellBack: true });
    },
  );

  it('open banking shows the login header, so it falls back to en-US too', () => {
    expect(chooseConfig('xx-XX', 'open-banking')).toEqual({ ok: true, configId: 'en-US', fellBack: true });
  });

  it.each(PAGES_WITH_LOCALE_CONFIG.filter((p) => p !== 'login' && p !== 'open-banking'))(
    'an unknown locale on %s is an error listing every valid id',
    (page) => {
      const choice = chooseConfig('xx-XX', page);
      expect(choice.ok).toBe(false);
      if (choice.ok) return;
      expect(choice.message).toContain('xx-XX');
      expect([...choice.validValues].sort()).toEqual([...CONFIG_IDS].sort());
    },
  );

  it.each([
    ['country-selector', 'de-DE'],
    ['country-selector', 'xx-XX'],
    ['corporate', 'en-GB'],
    ['corporate', 'unknown'],
  ] as [PageKind, string][])('%s always uses the en config (asked for %s)', (page, requested) => {
    expect(chooseConfig(requested, page)).toEqual({ ok: true, configId: 'en', fellBack: true });
  });

  it.each(['country-selector', 'corporate'] as PageKind[])('%s asked for en does not count as a fallback', (page) => {
    expect(chooseConfig('EN', page)).toEqual({ ok: true, configId: 'en', fellBack: false });
  });

  it('a known locale on the login page keeps its own config', () => {
    for (const id of MARKET_LOCALES)
      expect(chooseConfig(id, 'login')).toEqual({ ok: true, configId: id, fellBack: false });
  });
});
