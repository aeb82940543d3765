import { describe, expect, it } from 'vitest';
import { editableConfig } from '../../runtime/resolver/__fixtures__/configs';
import { checkConfigLinks } from './link-checks';

/** The first entry of de-DE's first public dropdown (an advanced item: festgeld). */
function firstEntry(config: ReturnType<typeof editableConfig>): { href: string } {
  const entry = config.header.public!.navItems![0]!.subMenus!.main![0]!;
  if (!('href' in entry) || entry.href === undefined) throw new Error('expected a linked entry');
  return entry as { href: string };
}

function deDE(edit: (config: ReturnType<typeof editableConfig>) => void) {
  const config = editableConfig('de-DE');
  edit(config);
  return checkConfigLinks(config);
}

describe('checkConfigLinks', () => {
  it('an unsafe scheme is an error at the link, however disguised', () => {
    const problems = deDE((c) => {
      c.footer.legalLinks[2]!.href = ' JaVa\tScRiPt:alert(1)';
      firstEntry(c).href = '&#106;avascript:alert(1)';
    });
    expect(problems.map((p) => [p.code, p.severity, p.pointer])).toEqual([
      ['unsafe-link', 'error', '/header/public/navItems/0/subMenus/main/0/href'],
      ['unsafe-link', 'error', '/footer/legalLinks/2/href'],
    ]);
    expect(problems[0]!.message).toContain('scheme "javascript:"');
  });

  it('a relative or protocol-relative link is an error (the resolver drops the item)', () => {
    const problems = deDE((c) => {
      c.footer.legalLinks[2]!.href = 'agb/';
      c.accountMenu!.items[0]!.href = '//evil.example/';
    });
    expect(problems.map((p) => [p.code, p.pointer])).toEqual([
      ['invalid-link', '/accountMenu/items/0/href'],
      ['invalid-link', '/footer/legalLinks/2/href'],
    ]);
  });

  it('an internal link is checked as rendered: header links keep their case, footer links are lower-cased', () => {
    const problems = deDE((c) => {
      firstEntry(c).href = '/Festgeld/';
      c.footer.columns[0]!.links[0]!.href = '/Festgeld/';
      c.footer.columns[0]!.links[1]!.href = '/savingglobal/#/MyInvestments/Overnight';
    });
    expect(problems.map((p) => [p.code, p.pointer, p.hint])).toEqual([
      [
        'unknown-route',
        '/header/public/navItems/0/subMenus/main/0/href',
        'content page paths are lower-case kebab-case: write "/festgeld/"',
      ],
      // lower-cased by the footer, the case-sensitive legacy route no longer matches
      [
        'unknown-route',
        '/footer/columns/0/links/1/href',
        expect.stringContaining('/savingglobal/#/MyInvestments/Overnight'),
      ],
    ]);
    expect(problems[1]!.message).toContain('renders as /de-de/savingglobal/#/myinvestments/overnight');
  });

  it('an unsafe link inside the disclaimer HTML is an error at the disclaimer', () => {
    const problems = deDE((c) => {
      c.footer.disclaimer = '<p>See <a href="vbscript:msgbox(1)">terms</a></p>';
    });
    expect(problems).toEqual([expect.objectContaining({ code: 'unsafe-link', pointer: '/footer/disclaimer' })]);
  });

  it('an off-site path inside the disclaimer HTML is a malformed link at the disclaimer; other markup is left to the validator', () => {
    const problems = deDE((c) => {
      c.footer.disclaimer = '<p>See <a href="/\\evil.example">terms</a> <b>now</b></p>';
    });
    expect(problems).toEqual([
      expect.objectContaining({
        code: 'invalid-link',
        pointer: '/footer/disclaimer',
        message: expect.stringContaining('evil.example'),
      }),
    ]);
  });

  it('external, anchor, mailto and tel links are not route-checked', () => {
    const problems = deDE((c) => {
      c.footer.legalLinks[0]!.href = 'https://example.com/Whatever';
      c.footer.legalLinks[1]!.href = 'mailto:hilfe@example.com';
      c.footer.legalLinks[2]!.href = 'tel:+4930123';
    });
    expect(problems).toEqual([]);
  });
});
