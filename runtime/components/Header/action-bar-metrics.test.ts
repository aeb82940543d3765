import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACTION_BAR_METRICS, actionBarLabelRoom, actionBarTightestWidths } from './action-bar-metrics';

const css = readFileSync(new URL('./action-bar.css', import.meta.url), 'utf8');

/** The value of `property` in the rule for exactly `selector` (inside `media` when given). */
function declaration(selector: string, property: string, media?: string): string | undefined {
  const scope = media
    ? css.slice(css.indexOf(`@media ${media}`))
    : css.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}/g, '');
  const rule = new RegExp(`(?:^|\\n)\\s*${selector.replace(/[.-]/g, '\\$&')}\\s*\\{([^}]*)\\}`).exec(scope)?.[1];
  return rule ? new RegExp(`(?:^|;|\\s)${property}:\\s*([^;]+);`).exec(rule)?.[1]?.trim() : undefined;
}

describe('the action bar metrics are the stylesheet’s (action-bar.css)', () => {
  it('bar padding and gap, button padding and border, label sizes and where they change', () => {
    const { wide, narrow, narrowBelowPx, buttonPaddingPx, buttonBorderPx } = ACTION_BAR_METRICS;
    const below = `(max-width: ${narrowBelowPx - 0.02}px)`;
    expect(declaration('.ps-action-bar', 'padding-inline')).toBe(`${wide.barPaddingPx}px`);
    expect(declaration('.ps-action-bar', 'gap')).toBe(`${wide.gapPx}px`);
    expect(declaration('.ps-action-bar__link', 'font-size')).toBe(`${wide.fontPx}px`);
    expect(declaration('.ps-action-bar', 'padding-inline', below)).toBe(`${narrow.barPaddingPx}px`);
    expect(declaration('.ps-action-bar', 'gap', below)).toBe(`${narrow.gapPx}px`);
    expect(declaration('.ps-action-bar__link', 'font-size', below)).toBe(`${narrow.fontPx}px`);
    expect(declaration('.ps-action-bar__link', 'padding-inline')).toBe(`${buttonPaddingPx}px`);
    expect(declaration('.ps-action-link', 'border-width')).toBe(`${buttonBorderPx}px`);
  });

  it('labels never wrap and a longer label widens its button instead', () => {
    expect(declaration('.ps-action-link', 'white-space')).toBe('nowrap');
    expect(declaration('.ps-action-bar__link', 'min-width')).toBe('max-content');
  });
});

describe('label room', () => {
  it('is the screen less the bar padding, the gaps and each button’s padding and border, with the spacing of that width', () => {
    expect(actionBarLabelRoom(2, 320)).toBe(320 - 2 * 12 - 8 - 2 * 20);
    expect(actionBarLabelRoom(1, 375)).toBe(375 - 2 * 16 - 20);
  });

  it('is tightest at the narrowest screen with small labels and at the narrowest with full-size ones', () => {
    expect(actionBarTightestWidths()).toEqual([
      { viewportPx: 320, fontPx: 14 },
      { viewportPx: 375, fontPx: 16 },
    ]);
  });
});
