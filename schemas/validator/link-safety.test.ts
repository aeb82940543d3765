import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateDocument } from './index';
import { classifyHref, isImageUrl, malformation } from './link-safety';

/** The browser's own reading, for comparison: where an href on one of our pages leads. */
const PAGE = 'https://portal.example/de-de/';
const resolvesOnSite = (href: string) => new URL(href, PAGE).origin === new URL(PAGE).origin;

describe('classifyHref', () => {
  it.each([
    ['/\\evil.example/x', 'is read by browsers as a link to evil.example (a path starts with one /, never // or a \\)'],
    ['//evil.example/x', 'is read by browsers as a link to evil.example (a path starts with one /, never // or a \\)'],
    [
      '\\\\evil.example/x',
      'is read by browsers as a link to evil.example (a path starts with one /, never // or a \\)',
    ],
    ['/\t/evil.example/x', 'contains the control character U+0009, which browsers drop or reinterpret'],
    ['/\n/evil.example/x', 'contains the control character U+000A, which browsers drop or reinterpret'],
    ['/\r/evil.example/x', 'contains the control character U+000D, which browsers drop or reinterpret'],
    [
      '&#47;&#47;evil.example/x',
      'once its HTML entities are decoded, is read by browsers as a link to evil.example (a path starts with one /, never // or a \\)',
    ],
    [
      '/&#9;/evil.example/x',
      'once its HTML entities are decoded, hides whitespace or a control character in an HTML entity',
    ],
    [' /agb/', 'starts or ends with whitespace'],
    [
      'ftp://evil.example/',
      'uses the "ftp:" scheme; links may be a path starting with /, an https:// URL, #anchor, mailto: or tel:',
    ],
    ['https://', 'is not a valid URL'],
  ])('%j looks like a path or URL but is not one: invalid, because it %s', (href, reason) => {
    expect(classifyHref(href)).toBe('invalid');
    expect(malformation(href)).toBe(reason);
  });

  it.each([
    ['/agb/', 'internal'],
    ['/', 'internal'],
    ['/x?a=1&b=2', 'internal'],
    ['/%2F%2Fevil.example', 'internal'],
    ['/a\\b', 'internal'],
    ['#consent-settings', 'anchor'],
    ['https://www.depona.example/', 'external'],
    ['HTTP://x.example', 'external'],
    ['www.depona.example', 'external'],
    ['mailto:service@depona.example', 'contact'],
    ['tel:+4930123456', 'contact'],
    ['javascript:alert(1)', 'unsafe'],
    ['\u0001java\tscript:alert(1)', 'unsafe'],
    ['&#106;avascript:alert(1)', 'unsafe'],
    ['impressum/', 'invalid'],
  ])('%j is %s', (href, kind) => {
    expect(classifyHref(href)).toBe(kind);
  });

  it('an href it calls internal stays on our site in the browser, and one that leaves it is never internal', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '\u0000',
      'evil.example',
      'a',
      '.',
      ':',
      '?',
      '#',
      '%2F',
      '&#47;',
      '&#92;',
      '&sol;',
      'https:',
      'http:',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        const href = pieces.join('');
        if (classifyHref(href) === 'internal') {
          expect(resolvesOnSite(href), JSON.stringify(href)).toBe(true);
          // Whoever decodes entities before a browser reads the link must also stay on the site.
          expect(resolvesOnSite(href.replace(/&#47;|&sol;/g, '/').replace(/&#92;/g, '\\')), JSON.stringify(href)).toBe(
            true,
          );
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('isImageUrl', () => {
  it.each([
    ['/assets/logo.svg', true],
    ['https://cdn.depona.example/logo.svg', true],
    ['http://cdn.depona.example/logo.svg', false],
    ['/\\evil.example/x', false],
    ['/\t/evil.example/x', false],
    ['/\n/evil.example/x', false],
    ['//evil.example/x', false],
    ['data:image/svg+xml,<svg onload=alert(1)>', false],
  ])('%j → %s', (url, ok) => {
    expect(isImageUrl(url)).toBe(ok);
  });
});

describe('link and image fields through the validator', () => {
  const deDE = JSON.parse(readFileSync('config/de-DE.json', 'utf8')) as {
    footer: { legalLinks: { href: string }[] };
    header: { logoItems: { url: string }[] };
  };
  function problemsOf(change: (c: typeof deDE) => void) {
    const config = structuredClone(deDE);
    change(config);
    return validateDocument({ id: 'de-DE', file: 'draft de-DE', text: JSON.stringify(config, null, 2) }).problems.map(
      ({ code, pointer, message, hint }) => ({ code, pointer, message, hint }),
    );
  }

  it.each(['/\\evil.example/x', '/\t/evil.example/x', '/\n/evil.example/x'])(
    'the image URL %j is refused: the browser would load it from evil.example',
    (url) => {
      expect(problemsOf((c) => (c.header.logoItems[0]!.url = url))).toEqual([
        {
          code: 'malformed-link',
          pointer: '/header/logoItems/0/url',
          message: `image URL ${JSON.stringify(url)} ${malformation(url)!}`,
          hint: 'write a path on this site (/assets/…) or an https:// URL',
        },
      ]);
    },
  );

  it('a protocol-relative link says where it leads', () => {
    expect(problemsOf((c) => (c.footer.legalLinks[0]!.href = '//evil.example/'))).toEqual([
      {
        code: 'malformed-link',
        pointer: '/footer/legalLinks/0/href',
        message:
          'link "//evil.example/" is read by browsers as a link to evil.example (a path starts with one /, never // or a \\)',
        hint: 'write a path starting with /, an https:// URL, #anchor, mailto: or tel:; the locale base path is added to paths at render time',
      },
    ]);
  });
});
