/** How a server render goes into portal.html (docs/rendering.md#the-first-paint): the CSS inline, the bundle's loading. */
import { describe, expect, it } from 'vitest';
import { fillPageTemplate, withInlineCss } from './page-template';

const TEMPLATE = '<html lang="en"><head><title>x</title><script type="module" crossorigin src="/assets/portal-1a2b.js"></script><link rel="stylesheet" crossorigin href="/assets/portal-3c4d.css"></head><body><div id="root"></div></body></html>';
const PARTS = { lang: 'de-DE', head: '<title>y</title>', root: '<header>h</header>' };

describe('withInlineCss', () => {
  it('puts the CSS where the build linked its stylesheet', () => {
    expect(withInlineCss(TEMPLATE, '.a{color:red}')).toBe(TEMPLATE.replace('<link rel="stylesheet" crossorigin href="/assets/portal-3c4d.css">', '<style>.a{color:red}</style>'));
  });

  it('adds it at the end of <head> when the template links none (a template written by hand)', () => {
    expect(withInlineCss('<html><head><title>x</title></head><body></body></html>', '.a{}')).toBe('<html><head><title>x</title><style>.a{}</style></head><body></body></html>');
  });

  it('refuses two stylesheets, which it could not tell apart, and CSS that would end its element', () => {
    expect(() => withInlineCss(TEMPLATE.replace('</head>', '<link rel="stylesheet" href="/b.css"></head>'), '.a{}')).toThrow(/links 2 stylesheets.*npm run build/);
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
    expect(fillPageTemplate(TEMPLATE, PARTS)).toContain('<script type="module" crossorigin src="/assets/portal-1a2b.js">');
    expect(fillPageTemplate(TEMPLATE, { ...PARTS, bundle: 'async' })).toContain('<script type="module" async crossorigin src="/assets/portal-1a2b.js">');
    const early = '<script>window.early = 1;</script>';
    const html = fillPageTemplate(TEMPLATE, { ...PARTS, earlyScript: early, bundle: 'after-early-script' });
    expect(html).not.toContain('<script type="module"');
    // The early script, its loader, then the page's head: the calls are made before the bundle is requested.
    expect(html).toMatch(/<head><script>window\.early = 1;<\/script><script>\(function \(entries, preloads, when\) \{.*\}\)\(\["\/assets\/portal-1a2b\.js"\],\[\],"first-answers"\);<\/script><title>y<\/title>/);
    expect(() => fillPageTemplate(TEMPLATE, { ...PARTS, bundle: 'after-early-script' })).toThrow(/only when it has one/);
  });
});
