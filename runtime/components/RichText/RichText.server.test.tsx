// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CONFIG_IDS } from '../../resolver/__fixtures__/configs';
import { visitor } from '../../resolver/__fixtures__/contexts';
import { footer } from '../../resolver/__fixtures__/shell';
import { Footer } from '../Footer/Footer';
import { RichText, RichTextServerSanitizer } from './RichText';
import { sanitizeRichTextOnServer } from './sanitize-rich-text.server';

const noop = () => undefined;

describe('rich text in the server render', () => {
  it('sends text the validator accepts as written, its links opening in a new tab', () => {
    expect(
      sanitizeRichTextOnServer(
        '<p style="text-align: center">Rates may change. <a href="https://x.example/rates/">More</a></p><ul><li><strong>Safe</strong></li></ul>',
      ),
    ).toBe(
      '<p style="text-align: center">Rates may change. <a href="https://x.example/rates/" target="_blank" rel="noopener noreferrer">More</a></p><ul><li><strong>Safe</strong></li></ul>',
    );
  });

  it.each([
    '<p onclick="steal()">x</p>',
    '<p>x</p><script>steal()</script>',
    '<a href="javascript:steal()">x</a>',
    '<p style="color: red">x</p>',
    '<img src=x onerror=steal()>',
  ])('sends nothing for %s, which the validator refuses (the browser sanitiser has the last word)', (html) => {
    expect(sanitizeRichTextOnServer(html)).toBe('');
  });

  it('renders into the server HTML without a Suspense boundary left for the client', () => {
    const html = renderToString(
      <RichTextServerSanitizer value={sanitizeRichTextOnServer}>
        <RichText html='<p>Capital at risk. <a href="https://x.example/">Details</a></p>' data-testid="rt" />
      </RichTextServerSanitizer>,
    );
    expect(html).toContain('<a href="https://x.example/" target="_blank" rel="noopener noreferrer">Details</a>');
    expect(html).not.toContain('<!--$');
  });

  it.each(CONFIG_IDS)('%s: the server-rendered footer holds the disclaimer with its links', (id) => {
    const model = footer(visitor(id));
    const links = [...(model.disclaimerHtml ?? '').matchAll(/href="([^"]+)"/g)].map(([, href]) => href!);
    const html = renderToString(
      <RichTextServerSanitizer value={sanitizeRichTextOnServer}>
        <Footer model={model} onOpenConsentSettings={noop} onChooseMarket={noop} />
      </RichTextServerSanitizer>,
    );
    const disclaimer = /<div class="ps-rich-text" data-testid="disclaimer">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(disclaimer).not.toBe('');
    for (const href of links) expect(disclaimer).toContain(`href="${href}"`);
    expect(html).not.toContain('<!--$!');
  });
});
