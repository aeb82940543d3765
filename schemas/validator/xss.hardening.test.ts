/**
 * Every XSS vector of __fixtures__/xss-vectors.ts through the validator, as a content manager would save it:
 * rich-text vectors as de-DE's disclaimer, URL vectors as a legal link and as the logo image. Each is either
 * refused with a problem that names what to remove, or accepted and published as written with nothing live
 * in the published bytes (judged by the fixture's own oracle, not by the validator's allow-list).
 * The browser half is tests/xss.spec.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The test follows a text from validation to the bytes customers are served, which the publisher writes.
// eslint-disable-next-line no-restricted-imports
import { renderPublishedFile } from '../../server/storage/published-config';
import {
  liveMarkup,
  RICH_TEXT_VECTORS,
  URL_VECTORS,
  type VectorClass,
  type XssVector,
} from './__fixtures__/xss-vectors';
import { validateDocument, type Problem } from './index';

const deDE = JSON.parse(readFileSync('config/de-DE.json', 'utf8')) as {
  footer: { disclaimer: string; legalLinks: { href: string }[] };
  header: { logoItems: { url: string }[] };
};
const PORTAL = 'https://portal.example/';

function validateWith(change: (config: typeof deDE) => void): { problems: Problem[]; published?: typeof deDE } {
  const config = structuredClone(deDE);
  change(config);
  const result = validateDocument({ id: 'de-DE', file: 'draft de-DE', text: JSON.stringify(config, null, 2) });
  if (result.problems.length > 0) return { problems: result.problems };
  const bytes = renderPublishedFile('de-DE', result.value).bytes;
  return { problems: [], published: JSON.parse(Buffer.from(bytes).toString('utf8')) as typeof deDE };
}

/** A URL is inert when a browser, resolving it on our page, stays on our site or goes to an https/http page. */
function urlIsInert(url: string): boolean {
  const resolved = new URL(url, PORTAL);
  return (
    resolved.origin === new URL(PORTAL).origin ||
    ((resolved.protocol === 'https:' || resolved.protocol === 'http:') && /^https?:\/\//i.test(url))
  );
}

interface Figures {
  tried: number;
  refused: number;
  acceptedInert: number;
  byClass: Map<VectorClass, { tried: number; refused: number }>;
}
const figures: Figures = { tried: 0, refused: 0, acceptedInert: 0, byClass: new Map() };
function count(vector: XssVector, refused: boolean): void {
  figures.tried++;
  if (refused) figures.refused++;
  else figures.acceptedInert++;
  const row = figures.byClass.get(vector.class) ?? { tried: 0, refused: 0 };
  row.tried++;
  if (refused) row.refused++;
  figures.byClass.set(vector.class, row);
}

/** Each refusal is a problem at the field, naming what to remove and how to do better. */
function expectActionable(problems: Problem[], pointer: string): void {
  expect(problems.length).toBeGreaterThan(0);
  for (const p of problems) {
    expect(p.pointer).toBe(pointer);
    expect(['rich-text-element', 'rich-text-attribute', 'unsafe-link', 'malformed-link', 'relative-link']).toContain(
      p.code,
    );
    expect(`${p.message} ${p.hint ?? ''}`).toMatch(/remove|must start with|must be|write/);
    expect(p.hint).toBeTruthy();
  }
}

describe('XSS vectors through the validator', () => {
  it('has at least 200 vectors, covering every class', () => {
    expect(RICH_TEXT_VECTORS.length + URL_VECTORS.length).toBeGreaterThanOrEqual(200);
    const classes = new Set([...RICH_TEXT_VECTORS, ...URL_VECTORS].map((v) => v.class));
    expect([...classes].sort()).toEqual([
      'base',
      'css',
      'dom-clobbering',
      'filter-evasion',
      'form',
      'harmless',
      'meta',
      'mutation',
      'namespace',
      'srcdoc',
      'url-path',
      'url-scheme',
    ]);
  });

  it.each(RICH_TEXT_VECTORS.map((v) => [v.id, v] as const))('%s in the disclaimer', (_id, vector) => {
    const { problems, published } = validateWith((c) => {
      c.footer.disclaimer = vector.value;
    });
    count(vector, !published);
    if (published) {
      // Published exactly as written (nothing is silently changed), and nothing in it is live.
      expect(published.footer.disclaimer).toBe(vector.value);
      expect(liveMarkup(published.footer.disclaimer)).toEqual([]);
    } else {
      expectActionable(problems, '/footer/disclaimer');
    }
    expect(published ? 'accept' : 'refuse').toBe(vector.expected);
  });

  it.each(URL_VECTORS.map((v) => [v.id, v] as const))('%s as a link and as an image URL', (_id, vector) => {
    for (const [field, pointer, change] of [
      ['link', '/footer/legalLinks/0/href', (c: typeof deDE) => (c.footer.legalLinks[0]!.href = vector.value)],
      ['image', '/header/logoItems/0/url', (c: typeof deDE) => (c.header.logoItems[0]!.url = vector.value)],
    ] as const) {
      const { problems, published } = validateWith(change);
      count(vector, !published);
      if (published)
        expect(
          urlIsInert(field === 'link' ? published.footer.legalLinks[0]!.href : published.header.logoItems[0]!.url),
          `${field}: ${JSON.stringify(vector.value)}`,
        ).toBe(true);
      else expectActionable(problems, pointer);
      expect(published ? 'accept' : 'refuse', `${field}: ${JSON.stringify(vector.value)}`).toBe(vector.expected);
    }
  });

  it('prints the figures', () => {
    expect(figures.tried).toBe(RICH_TEXT_VECTORS.length + 2 * URL_VECTORS.length);
    const classes = [...figures.byClass.entries()].map(([cls, row]) => `${cls} ${row.refused}/${row.tried}`).join(', ');
    console.log(
      `XSS through the validator: ${figures.tried} vectors tried (${RICH_TEXT_VECTORS.length} disclaimers, ${URL_VECTORS.length} URLs × link and image field), ` +
        `${figures.refused} refused by the validator, ${figures.acceptedInert} accepted and inert in the published bytes, 0 live.\n  refused/tried by class: ${classes}`,
    );
  });
});
