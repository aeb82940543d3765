/** How a server render goes into portal.html (docs/rendering.md#the-first-paint): the CSS inline, the bundle's loading. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { templateScriptHashes } from '../http/security-headers';
import { fillPageTemplate, pageScriptHashes, withInlineCss, type PageLayout } from './page-template';

const TEMPLATE =
  '<html lang="en"><head><title>x</title><script type="module" crossorigin src="/assets/portal-1a2b.js"></script><link rel="stylesheet" crossorigin href="/assets/portal-3c4d.css"></head><body><div id="root"></div></body></html>';
const PARTS = { lang: 'de-DE', head: '<title>y</title>', root: '<header>h</header>' };

describe('withInlineCss', () => {
  it('puts the CSS where the build linked its stylesheet', () => {
    expect(withInlineCss(TEMPLATE, '.a{color:red}')).toBe(
      TEMPLATE.replace(
        '<link rel="stylesheet" crossorigin href="/assets/portal-3c4d.css">',
        '<style>.a{color:red}</style>',
      ),
    );
  });

  it('adds it at the end of <head> when the template links none (a template written by hand)', () => {
    expect(withInlineCss('<html><head><title>x</title></head><body></body></html>', '.a{}')).toBe(
      '<html><head><title>x</title><style>.a{}</style></head><body></body></html>',
    );
  });

  it('refuses two stylesheets, which it could not tell apart, and CSS that would end its element', () => {
    expect(() =>
      withInlineCss(TEMPLATE.replace('</head>', '<link rel="stylesheet" href="/b.css"></head>'), '.a{}'),
    ).toThrow(/links 2 stylesheets.*npm run build/);
    expect(() => withInlineCss(TEMPLATE, '.a{} </style><script>')).toThrow(/contains "<\/style"/);
  });
});

describe('fillPageTemplate', () => {
  it('fills the render in after rewriting the template, so rendered text that looks like a tag is left alone', () => {
    const root = '<p>&lt;script type="module" src="x"&gt;</p><header>h</header>';
    const html = fillPageTemplate(TEMPLATE, { ...PARTS, root, inlineCss: '.a{}', bundle: 'after-first-paint' });
    expect(html).toContain(`<div id="root">${root}</div>`);
    expect(html).toContain('<style>.a{}</style>');
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/\(\["\/assets\/portal-1a2b\.js"\],\[\],"first-paint"\);<\/script><\/body>/);
  });

  it('loads the bundle async, as the template has it, or by a loader right after the early script', () => {
    expect(fillPageTemplate(TEMPLATE, PARTS)).toContain(
      '<script type="module" crossorigin src="/assets/portal-1a2b.js">',
    );
    expect(fillPageTemplate(TEMPLATE, { ...PARTS, bundle: 'async' })).toContain(
      '<script type="module" async crossorigin src="/assets/portal-1a2b.js">',
    );
    const early = '<script>window.early = 1;</script>';
    const html = fillPageTemplate(TEMPLATE, { ...PARTS, earlyScript: early, bundle: 'after-early-script' });
    expect(html).not.toContain('<script type="module"');
    // The early script, its loader, then the page's head: the calls are made before the bundle is requested.
    expect(html).toMatch(
      /<head><script>window\.early = 1;<\/script><script>\(function \(entries, preloads, when\) \{.*\}\)\(\["\/assets\/portal-1a2b\.js"\],\[\],"first-answers"\);<\/script><title>y<\/title>/,
    );
    expect(() => fillPageTemplate(TEMPLATE, { ...PARTS, bundle: 'after-early-script' })).toThrow(
      /only when it has one/,
    );
  });
});

describe('pageScriptHashes (docs/rendering.md#content-security-policy)', () => {
  const sha256 = (code: string) => `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`;
  const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const templateWithScript = TEMPLATE.replace('<head>', '<head><script>window.mockWorker = 1;</script>');
  const planted = '<script>alert(1)</script>';

  it.each<[string, PageLayout]>([
    ['as the template has it', {}],
    ["a visitor's page", { bundle: 'after-first-paint' }],
    [
      "a customer's page with early calls",
      { earlyScript: '<script>window.early = 1;</script>', bundle: 'after-early-script' },
    ],
  ])(
    "%s: the template's script and the ones the layout inserts, never one planted into the rendered content",
    (_what, layout) => {
      const page = fillPageTemplate(templateWithScript, {
        lang: 'de-DE',
        head: `<title>y</title>${planted}`,
        root: `<header>${planted}</header>`,
        afterRoot: planted,
        ...layout,
      });
      const own = inlineScripts(page).filter((code) => code !== 'alert(1)');
      expect(own).toContain('window.mockWorker = 1;');
      const hashes = pageScriptHashes(templateWithScript, layout);
      expect(hashes).not.toContain(sha256('alert(1)'));
      expect([...hashes].sort()).toEqual(own.map(sha256).sort());
    },
  );

  it('templateScriptHashes skips data blocks and scripts with a src, and hashes what the browser runs', () => {
    const template =
      '<html><head><script type="application/json">{"a":1}</script><script type="importmap">{}</script><script src="/a.js"></script></head><body><script type="module">m()</script><script type="text/javascript">t()</script><script type="text/plain">p</script></body></html>';
    expect(templateScriptHashes(template).sort()).toEqual(['{}', 'm()', 't()'].map(sha256).sort());
  });
});
