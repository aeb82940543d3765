import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../__fixtures__/render';
import { RichText } from './RichText';
import { RICH_TEXT_VECTORS } from '../../../schemas/validator/__fixtures__/xss-vectors';
import { readTextAlign } from '../../../schemas/validator/rich-text-policy';
import { sanitizeRichText } from './sanitize-rich-text';

/** Parses sanitised output so assertions look at elements, not at string formatting. */
const parse = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = sanitizeRichText(html);
  return container;
};

describe('sanitizeRichText', () => {
  it('removes script tags and their content', () => {
    const out = parse('<p>Hello</p><script>alert(1)</script>');
    expect(out.querySelector('script')).toBeNull();
    expect(out.textContent).toBe('Hello');
  });

  it('removes event handler attributes', () => {
    const out = parse('<p onclick="alert(1)">Hi <span onerror="alert(2)" onmouseover="x()">there</span></p>');
    expect(out.innerHTML).not.toMatch(/on(click|error|mouseover)/);
    expect(out.querySelector('span')?.textContent).toBe('there');
  });

  it('drops images with onerror entirely (img is not allowed)', () => {
    const out = parse('<p>x<img src=x onerror="alert(1)"></p>');
    expect(out.querySelector('img')).toBeNull();
    expect(out.innerHTML).not.toContain('onerror');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('removes the unsafe href %s', (href) => {
    const anchor = parse(`<a href="${href}">click</a>`).querySelector('a');
    expect(anchor).not.toBeNull();
    expect(anchor?.hasAttribute('href')).toBe(false);
  });

  it('keeps the text of disallowed tags but not the tags', () => {
    const out = parse(
      '<div><table><tr><td>cell</td></tr></table><b>bold</b><iframe src="https://x"></iframe><style>p{}</style></div>',
    );
    for (const tag of ['div', 'table', 'td', 'b', 'iframe', 'style']) expect(out.querySelector(tag)).toBeNull();
    expect(out.textContent).toContain('cell');
    expect(out.textContent).toContain('bold');
  });

  it('keeps every allowed tag', () => {
    const html =
      '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6><p><strong>g</strong><em>h</em><u>i</u><del>j</del><sup>k</sup><sub>l</sub><span>m</span><a href="/x">n</a></p><ul><li>o</li></ul>';
    const out = parse(html);
    for (const tag of [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'p',
      'strong',
      'em',
      'u',
      'del',
      'sup',
      'sub',
      'span',
      'a',
      'ul',
      'li',
    ]) {
      expect(out.querySelector(tag), tag).not.toBeNull();
    }
  });

  it('keeps only text-align on paragraphs and strips every other style', () => {
    const out = parse(
      '<p style="color: red; text-align: CENTER; background: url(x)">c</p><p style="text-align: start">s</p><span style="text-align: right; color: red">r</span><h2 style="text-align: right">h</h2>',
    );
    const [centred, unsupported] = Array.from(out.querySelectorAll('p'));
    expect(centred?.getAttribute('style')).toBe('text-align: center');
    expect(unsupported?.hasAttribute('style')).toBe(false);
    expect(out.querySelector('span')?.hasAttribute('style')).toBe(false);
    expect(out.querySelector('h2')?.hasAttribute('style')).toBe(false);
  });

  it('opens every link in a new tab with rel="noopener noreferrer", overriding given values', () => {
    const out = parse('<a href="https://example.com" target="_self" rel="opener">x</a><a href="/local">y</a>');
    for (const anchor of Array.from(out.querySelectorAll('a'))) {
      expect(anchor.getAttribute('target')).toBe('_blank');
      expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it.each(['//evil.example/', '/\\evil.example/', '/&#9;/evil.example/', 'agb/'])(
    'removes the href %s, which a browser would not read as a path on this site',
    (href) => {
      const anchor = parse(`<a href="${href}">x</a>`).querySelector('a');
      expect(anchor?.hasAttribute('href')).toBe(false);
    },
  );

  it('keeps an attribute only on the element the allow-list gives it to', () => {
    const out = parse('<span href="/x">s</span><a href="/y" style="text-align: left">a</a>');
    expect(out.querySelector('span')?.attributes).toHaveLength(0);
    expect(out.querySelector('a')?.hasAttribute('style')).toBe(false);
    expect(out.querySelector('a')?.getAttribute('href')).toBe('/y');
  });

  it('renders what the validator accepts as written (links gain target and rel)', () => {
    for (const vector of RICH_TEXT_VECTORS.filter((v) => v.expected === 'accept')) {
      const written = document.createElement('div');
      written.innerHTML = vector.value;
      for (const anchor of Array.from(written.querySelectorAll('a'))) {
        anchor.setAttribute('target', '_blank');
        anchor.setAttribute('rel', 'noopener noreferrer');
      }
      // In CSS the last declaration wins; the renderer writes it in lower case.
      written
        .querySelectorAll('p[style]')
        .forEach((p) =>
          p.setAttribute(
            'style',
            `text-align: ${[...p.getAttribute('style')!.matchAll(/text-align\s*:\s*(\w+)/gi)].pop()![1]!.toLowerCase()}`,
          ),
        );
      expect(parse(vector.value).innerHTML, vector.id).toBe(written.innerHTML);
    }
  });

  it('drops attributes outside the allow-list, including data-* and aria-*', () => {
    const out = parse(
      '<p id="x" class="y" data-x="1" aria-label="z" title="t">p</p><span target="_blank" rel="x">s</span>',
    );
    const paragraph = out.querySelector('p');
    expect(paragraph?.attributes).toHaveLength(0);
    expect(out.querySelector('span')?.attributes).toHaveLength(0);
  });
});

describe('readTextAlign', () => {
  it.each([
    ['text-align: left', 'left'],
    ['color: red;text-align:justify;', 'justify'],
    ['text-align: left; text-align: right', 'right'],
    ['text-align: middle', undefined],
    ['', undefined],
  ])('%s → %s', (style, expected) => {
    expect(readTextAlign(style)).toBe(expected);
  });
});

describe('RichText', () => {
  it('renders the sanitised HTML once the sanitiser has loaded', async () => {
    renderWithShell(
      <RichText
        html={
          '<p style="text-align: right">Capital at risk <a href="https://x.example">more</a></p><script>alert(1)</script>'
        }
        data-testid="rt"
      />,
    );
    const root = screen.getByTestId('rt');
    expect(await screen.findByRole('link', { name: 'more' })).toHaveAttribute('target', '_blank');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('p')).toHaveStyle({ textAlign: 'right' });
  });
});
