import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import accessSchema from '../access.schema.json';
import commonSchema from '../common.schema.json';
import flagsSchema from '../flags.schema.json';
import localeConfigSchema from '../locale-config.schema.json';
import marketsSchema from '../markets.schema.json';
import { validateDocument } from './index';
import { RICH_TEXT_KEYS } from './semantic-checks';

const deDE = JSON.parse(readFileSync('config/de-DE.json', 'utf8')) as { footer: { disclaimer: string } };
const ALLOWED = 'allowed: p, h1, h2, h3, h4, h5, h6, a, ul, li, strong, em, u, del, sup, sub, span';
const HINT = 'rich text is published exactly as written; docs/config-format.md#rich-text lists what it may contain';

function problemsOf(disclaimer: string) {
  const config = structuredClone(deDE);
  config.footer.disclaimer = disclaimer;
  return validateDocument({ id: 'de-DE', file: 'draft de-DE', text: JSON.stringify(config, null, 2) }).problems.map(
    ({ code, pointer, message, hint }) => ({ code, pointer, message, hint }),
  );
}

const at = (code: string, message: string, hint = HINT) => ({ code, pointer: '/footer/disclaimer', message, hint });

describe('rich text: every disallowed element, attribute, style and URL is a problem naming what to remove', () => {
  it.each([
    [
      '<p>Capital at risk.</p><iframe src="https://evil.example/"></iframe>',
      [at('rich-text-element', `<iframe> is not allowed in rich text; remove it (${ALLOWED})`)],
    ],
    [
      '<p>x</p><script>alert(1)</script>',
      [at('rich-text-element', `<script> is not allowed in rich text; remove it (${ALLOWED})`)],
    ],
    [
      '<svg><script>alert(1)</script></svg>',
      [
        at('rich-text-element', `<svg> is not allowed in rich text; remove it (${ALLOWED})`),
        at('rich-text-element', `<script> inside <svg> is not allowed in rich text; remove it (${ALLOWED})`),
      ],
    ],
    [
      '<body onload=alert(1)><p>x</p>',
      [at('rich-text-element', `<body> is not allowed in rich text; remove it (${ALLOWED})`)],
    ],
    [
      '<td onclick=alert(1)>x</td>',
      [at('rich-text-element', `<td> is not allowed in rich text; remove it (${ALLOWED})`)],
    ],
    [
      '<frameset onload=alert(1)>',
      [at('rich-text-element', `<frameset> is not allowed in rich text; remove it (${ALLOWED})`)],
    ],
    [
      '<p>x</p><img src=x onerror=alert(1)//',
      [
        at(
          'rich-text-element',
          'rich text ends inside unfinished markup ("<img src=x onerror=alert(1)//"), which would take in whatever follows it on a page; finish or remove it',
        ),
      ],
    ],
    ['<!-- note --><p>x</p>', [at('rich-text-element', 'comments are not allowed in rich text; remove <!-- note -->')]],
    [
      '<p onclick="alert(1)" id="cookie">x</p>',
      [
        at('rich-text-attribute', 'onclick on <p> is not allowed in rich text; remove it (<p> takes only style)'),
        at('rich-text-attribute', 'id on <p> is not allowed in rich text; remove it (<p> takes only style)'),
      ],
    ],
    [
      '<span style="text-align: center">x</span>',
      [
        at(
          'rich-text-attribute',
          'style on <span> is not allowed in rich text; remove it (<span> takes no attributes)',
        ),
      ],
    ],
    [
      '<a href="/agb/" target="_blank">x</a>',
      [at('rich-text-attribute', 'target on <a> is not allowed in rich text; remove it (<a> takes only href)')],
    ],
    [
      '<p style="color: red; text-align: center">x</p>',
      [
        at(
          'rich-text-attribute',
          'style on <p> may only set text-align; remove "color: red"',
          'text-align takes left, right, center, justify',
        ),
      ],
    ],
    [
      '<a href="javascript:alert(1)">x</a>',
      [
        at(
          'unsafe-link',
          'unsafe link scheme "javascript:" in rich text',
          'remove the link or point it at https:// or a / path',
        ),
      ],
    ],
    [
      '<a href="//evil.example">x</a>',
      [
        at(
          'malformed-link',
          'href "//evil.example" on <a> is read by browsers as a link to evil.example (a path starts with one /, never // or a \\); remove it',
          'write a path starting with /, an https:// URL, #anchor, mailto: or tel:',
        ),
      ],
    ],
    [
      '<a href="/\\evil.example">x</a>',
      [
        at(
          'malformed-link',
          'href "/\\\\evil.example" on <a> is read by browsers as a link to evil.example (a path starts with one /, never // or a \\); remove it',
          'write a path starting with /, an https:// URL, #anchor, mailto: or tel:',
        ),
      ],
    ],
    [
      '<a href="agb/">x</a>',
      [
        at(
          'malformed-link',
          'href "agb/" on <a> is a relative link; remove it',
          'write a path starting with /, an https:// URL, #anchor, mailto: or tel:',
        ),
      ],
    ],
  ])('%s', (disclaimer, expected) => {
    expect(problemsOf(disclaimer)).toEqual(expected);
  });

  it('accepts every allowed element, a paragraph alignment and every kind of link, unchanged', () => {
    const html =
      '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6><p style="text-align: right"><strong>g</strong><em>h</em><u>i</u><del>j</del><sup>k</sup><sub>l</sub><span>m</span></p>' +
      '<ul><li><a href="/agb/">n</a></li><li><a href="https://www.depona.example/">o</a></li><li><a href="#top">p</a></li><li><a href="mailto:a@depona.example">q</a></li><li><a href="tel:+4930123">r</a></li></ul>';
    const config = structuredClone(deDE);
    config.footer.disclaimer = html;
    const result = validateDocument({ id: 'de-DE', file: 'draft de-DE', text: JSON.stringify(config) });
    expect(result.problems).toEqual([]);
    expect((result.value as typeof deDE).footer.disclaimer).toBe(html);
  });

  it('does not parse rich text beyond the schema’s length limit (the schema already refuses it)', () => {
    const problems = problemsOf(`<script>${'x'.repeat(6000)}</script>`);
    expect(problems.map((p) => p.code)).toEqual(['schema']);
  });
});

describe('rich-text fields', () => {
  it('are the fields the schemas describe as rich text', () => {
    const described = new Set<string>();
    const visit = (node: unknown, key?: string): void => {
      if (Array.isArray(node)) return node.forEach((child) => visit(child));
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (key && typeof record.description === 'string' && /^rich text/i.test(record.description)) described.add(key);
      for (const [k, child] of Object.entries(record)) visit(child, k);
    };
    for (const schema of [commonSchema, accessSchema, flagsSchema, marketsSchema, localeConfigSchema]) visit(schema);
    expect([...described].sort()).toEqual([...RICH_TEXT_KEYS].sort());
  });
});
