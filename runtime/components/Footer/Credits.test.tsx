// @vitest-environment node
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LOCALE_REGISTRY } from '../../../schemas/locale-registry';
import { CONFIG_IDS, loadConfig } from '../../resolver/__fixtures__/configs';
import { visitor } from '../../resolver/__fixtures__/contexts';
import { footer } from '../../resolver/__fixtures__/shell';
import { Credits } from './Credits';

/** The credit logos each shipped config shows, as the resolver hands them to the footer. */
const creditsOf = (id: (typeof CONFIG_IDS)[number]) => footer(visitor(id)).credits;
const logoUrls = (ids: readonly (typeof CONFIG_IDS)[number][]) =>
  new Set(ids.flatMap((id) => creditsOf(id).map((credit) => credit.logoUrl)));

/** The attributes of every <img> in server-rendered markup. */
function images(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img\b([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])),
  );
}

describe('credit and partner logos of the shipped configs', () => {
  it.each(CONFIG_IDS)(
    '%s: each logo is named by its alt text and has a fixed width and height (no shift when it loads)',
    (id) => {
      const credits = creditsOf(id);
      expect(credits.length).toBeGreaterThan(0);
      const rendered = images(renderToStaticMarkup(<Credits credits={credits} />));
      expect(rendered.map((img) => img.alt)).toEqual(credits.map((credit) => credit.logoTitle));
      for (const img of rendered) {
        expect(img.alt?.trim()).not.toBe('');
        expect(Number(img.width)).toBeGreaterThan(0);
        expect(Number(img.height)).toBeGreaterThan(0);
      }
    },
  );

  it('the US footer shows no logo that a European market shows', () => {
    const countryOf = (id: string) => LOCALE_REGISTRY.locales.find((entry) => entry.id === id)?.country;
    const europe = CONFIG_IDS.filter((id) => countryOf(id) !== 'US');
    const us = logoUrls(['en-US']);
    expect(us.size).toBeGreaterThan(0);
    const european = logoUrls(europe);
    expect([...us].filter((url) => european.has(url))).toEqual([]);
  });

  /** Every partner logo the configs name: the credits, and the co-branded registration flows' partners. */
  const partnerLogos = new Set([
    ...logoUrls(CONFIG_IDS),
    ...CONFIG_IDS.flatMap((id) => (loadConfig(id).registerFlows ?? []).map((flow) => flow.logo.url)),
  ]);

  it.each([...partnerLogos])(
    '%s is logo artwork served from public/: sized, with a drawn mark, not a text chip',
    (url) => {
      expect(url).toMatch(/^\/assets\/partners\/[\w-]+\.svg$/);
      const svg = readFileSync(`public${url}`, 'utf8');
      const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
      expect(root).toMatch(/\swidth="\d+"/);
      expect(root).toMatch(/\sheight="\d+"/);
      expect(root).toMatch(/\sviewBox="/);
      // A chip is a text on a filled rectangle; a logo draws its mark.
      expect(svg).toMatch(/<(path|circle|ellipse|polygon)\b/);
    },
  );
});
