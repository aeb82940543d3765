import { describe, expect, it } from 'vitest';
import type { LocaleConfig, NavItem } from '../../schemas/generated/config-types';
import { isActive, resolveLink, type LinkOptions } from './links';
import { editableConfig } from './__fixtures__/configs';
import { loggedIn, visitor } from './__fixtures__/contexts';
import { findNav, footer, header, navIds, subMenuItems } from './__fixtures__/shell';

const de: LinkOptions = { basePath: '/de-de', currentPath: '' };
const footerLinks: LinkOptions = { ...de, lowercase: true };

describe('resolveLink: base path', () => {
  it.each([
    ['/festgeld/', '/de-de/festgeld/'],
    ['/', '/de-de/'],
    ['/savingglobal/#/MyInvestments/TermDeposit', '/de-de/savingglobal/#/MyInvestments/TermDeposit'],
    ['/products/?type=term', '/de-de/products/?type=term'],
  ])('internal %s → %s', (href, expected) => {
    expect(resolveLink(href, de)).toEqual({ href: expected, external: false, active: false });
  });

  it('a link already under the base path is not prefixed twice', () => {
    expect(resolveLink('/de-de/festgeld/', de)?.href).toBe('/de-de/festgeld/');
    expect(resolveLink('/DE-DE/festgeld/', de)?.href).toBe('/DE-DE/festgeld/');
  });

  it('a path that merely starts like the base path is still prefixed', () => {
    expect(resolveLink('/de-deals/', de)?.href).toBe('/de-de/de-deals/');
  });

  it('with lowercase (footer) the whole internal link is lower-cased', () => {
    expect(resolveLink('/Festgeld/Angebote/#Top', footerLinks)?.href).toBe('/de-de/festgeld/angebote/#top');
  });

  it.each([
    ['https://Hilfe.Depona.example/DE/', 'https://Hilfe.Depona.example/DE/'],
    ['http://legacy.example/', 'http://legacy.example/'],
    ['HTTPS://EXAMPLE.COM/', 'HTTPS://EXAMPLE.COM/'],
    ['www.Depona.example/X', 'https://www.Depona.example/X'],
  ])('external %s is neither prefixed nor lower-cased (→ %s)', (href, expected) => {
    expect(resolveLink(href, footerLinks)).toEqual({ href: expected, external: true, active: false });
  });

  it.each(['mailto:Support@Depona.example', 'tel:+498912345', '#consent-settings'])('%s is kept as given', (href) => {
    expect(resolveLink(href, footerLinks)).toEqual({ href, external: false, active: false });
  });
});

describe('resolveLink: unsafe and falsy links are dropped', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u00a0javascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#0000106avascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'VbScript:msgbox(1)',
  ])('%j → dropped', (href) => {
    expect(resolveLink(href, de)).toBeUndefined();
  });

  it.each([undefined, ''])('falsy %j → no link', (href) => {
    expect(resolveLink(href, de)).toBeUndefined();
  });

  it.each(['festgeld/', '//evil.example/', ' /festgeld/'])('malformed %j → dropped', (href) => {
    expect(resolveLink(href, de)).toBeUndefined();
  });
});

describe('active link: path plus hash, case-insensitive', () => {
  it.each([
    ['/de-de/festgeld/', '/de-de/festgeld/', true],
    ['/de-de/Festgeld/', '/DE-DE/festgeld/', true],
    ['/de-de/savingglobal/#/MyInvestments/TermDeposit', '/de-de/savingglobal/#/myinvestments/termdeposit', true],
    ['/de-de/savingglobal/#/MyInvestments/TermDeposit', '/de-de/savingglobal/#/MyInvestments/Overnight', false],
    ['/de-de/savingglobal/#/MyInvestments', '/de-de/savingglobal/', false],
    ['/de-de/festgeld/', '/de-de/festgeld', false],
    ['/de-de/festgeld/', '', false],
  ])('%s vs current %s → %s', (href, current, active) => {
    expect(isActive(href, current)).toBe(active);
  });

  it('resolveLink marks the internal link matching the current location', () => {
    expect(resolveLink('/Festgeld/', { basePath: '/de-de', currentPath: '/de-de/festgeld/' })?.active).toBe(true);
  });

  it('external links are never active', () => {
    expect(
      resolveLink('https://x.example/de-de/festgeld/', {
        basePath: '/de-de',
        currentPath: 'https://x.example/de-de/festgeld/',
      })?.active,
    ).toBe(false);
  });

  it('the nav item holding the current page is active, and only that one', () => {
    const model = header(
      loggedIn('de-DE', { access: ['overnight_product_access'], currentPath: '/de-de/PRODUCTS/overnight/' }),
    );
    expect(model.navItems.filter((n) => n.active).map((n) => n.id)).toEqual(['angebote']);
    expect(
      subMenuItems(findNav(model, 'angebote')!)
        .filter((i) => i.link?.active)
        .map((i) => i.id),
    ).toEqual(['angebote-tagesgeld']);
  });

  it('a legacy hash route activates its menu', () => {
    const model = header(
      loggedIn('de-DE', {
        access: ['HAS_NOTICE_DEPOSIT_ACCOUNT'],
        currentPath: '/de-de/savingglobal/#/myinvestments/notice',
      }),
    );
    expect(findNav(model, 'mein-sparen')?.active).toBe(true);
  });

  it('a top-level link nav item is active on its page', () => {
    const model = header(visitor('en', { page: 'corporate', currentPath: '/en/press/' }));
    expect(model.navItems.filter((n) => n.active).map((n) => n.id)).toEqual(['corporate-press']);
  });

  it('footer links are active on their page too', () => {
    const model = footer(visitor('de-DE', { currentPath: '/de-de/kontakt/' }));
    expect(
      model.columns
        .flatMap((c) => c.links)
        .filter((l) => l.link.active)
        .map((l) => l.id),
    ).toEqual(['footer-kontakt']);
  });
});

describe('menus drop unsafe and falsy entries', () => {
  function withPublicNav(mutate: (config: LocaleConfig, nav: NavItem[]) => void): LocaleConfig {
    const config = editableConfig('de-DE');
    mutate(config, config.header.public!.navItems!);
    return config;
  }

  it('a dropdown entry with an unsafe link is dropped and recorded', () => {
    const config = withPublicNav((_c, nav) => {
      const first = nav[0]!.subMenus!.main![0]!;
      if ('href' in first) first.href = 'java&#x09;script:alert(1)';
    });
    const model = header(visitor('de-DE'), config);
    expect(navIds(model)).not.toContain('festgeld');
    expect(model.hidden.find((h) => h.id === 'festgeld')?.reason).toBe('link dropped: unsafe or malformed URL');
  });

  it('a top-level link with an unsafe scheme is dropped and recorded', () => {
    const config = editableConfig('en');
    config.header.corporate!.navItems![4]!.href = 'vbscript:msgbox(1)';
    const model = header(visitor('en', { page: 'corporate' }), config);
    expect(navIds(model)).not.toContain('corporate-press');
    expect(model.hidden.map((h) => h.id)).toContain('corporate-press');
  });

  it('an action with an unsafe link is dropped', () => {
    const config = withPublicNav((c) => {
      c.header.public!.actionItems![1]!.href = 'data:text/html,x';
    });
    expect(header(visitor('de-DE'), config).actionItems.map((a) => a.id)).toEqual(['login']);
  });

  it('falsy entries in nav, dropdown, action, account-menu and footer lists are skipped', () => {
    const config = editableConfig('de-DE') as unknown as {
      header: {
        public: { navItems: unknown[]; actionItems: unknown[] };
        private: { navItems: { subMenus: { main: unknown[] } }[] };
      };
      accountMenu: { items: unknown[] };
      footer: { columns: { links: unknown[] }[]; legalLinks: unknown[] };
    };
    config.header.public.navItems.splice(1, 0, null);
    config.header.public.actionItems.push(null);
    config.header.private.navItems[0]!.subMenus.main.unshift(null, undefined);
    config.accountMenu.items.splice(2, 0, null);
    config.footer.columns.push(null as never);
    config.footer.columns[0]!.links.push(null);
    config.footer.legalLinks.unshift(null);
    const typed = config as unknown as LocaleConfig;
    const pub = header(visitor('de-DE'), typed);
    expect(pub.navItems.map((n) => n.id)).toEqual(['sparen', 'anlegen', 'info']);
    expect(pub.actionItems).toHaveLength(2);
    const priv = header(loggedIn('de-DE', { flags: ['newDashboard'] }), typed);
    expect(subMenuItems(priv.navItems[0]!).map((i) => i.id)).toEqual(['uebersicht']);
    expect(priv.customer?.accountMenu.items).toHaveLength(9);
    const foot = footer(visitor('de-DE'), typed);
    expect(foot.columns).toHaveLength(3);
    expect(foot.columns[0]?.links).toHaveLength(4);
    expect(foot.legalLinks).toHaveLength(4);
  });
});
