import { describe, expect, it } from 'vitest';
import { resolveShell } from './resolve-shell';
import { CONFIG_IDS, loadConfig, MARKETS } from './__fixtures__/configs';
import { loggedIn, visitor } from './__fixtures__/contexts';
import { resolve } from './__fixtures__/shell';

describe('resolveShell: design switch and containers', () => {
  it.each([
    ['v1 before login', visitor('de-DE'), [], 'v1', 1320],
    ['v1 after login', loggedIn('de-DE'), [], 'v1', 1320],
    ['v2 before login', visitor('de-DE'), ['designV2'], 'v2', 1272],
    ['v2 after login', loggedIn('de-DE'), ['designV2'], 'v2', 1200],
  ] as const)('%s → design %s, container %i px', (_name, ctx, flags, design, width) => {
    const model = resolve({ ...ctx, flags: new Set(flags) });
    expect(model.design).toBe(design);
    expect(model.containerMaxWidth).toBe(width);
  });

  it.each(CONFIG_IDS)('%s reports the rendered locale and its text language', (id) => {
    const config = loadConfig(id);
    const model = resolve(visitor(id));
    expect(model.locale).toBe(id);
    expect(model.language).toBe(config.language);
    expect(model.header.strings).toEqual(config.strings.header);
    expect(model.footer?.strings).toEqual(config.strings.footer);
  });

  it('de-CH texts are Swiss German (ch)', () => {
    expect(resolve(visitor('de-CH')).language).toBe('ch');
  });

  it('without the en fallback a locale lacking an account menu shows an empty one (the host must pass en)', () => {
    const model = resolveShell({ config: loadConfig('en-US'), markets: MARKETS }, loggedIn('en-US'));
    expect(model.header.customer?.accountMenu.items).toEqual([]);
  });

  it('header and footer keep separate hidden lists', () => {
    const model = resolve(visitor('nl-NL'));
    expect(model.header.hidden.map((h) => h.id)).toContain('beleggen');
    expect(model.header.hidden.map((h) => h.id)).not.toContain('footer-vermogensbeheer');
    expect(model.footer?.hidden.map((h) => h.id)).toEqual(['footer-vermogensbeheer']);
  });
});
