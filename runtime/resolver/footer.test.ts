import { describe, expect, it } from 'vitest';
import { CONFIG_IDS, editableConfig, loadConfig } from './__fixtures__/configs';
import { loggedIn, visitor } from './__fixtures__/contexts';
import { footer, footerHrefs, header, hiddenIds } from './__fixtures__/shell';

describe('footer layout', () => {
  it.each(CONFIG_IDS)('%s: v2 with footerV2, v1 without', (id) => {
    expect(footer(visitor(id, { flags: ['footerV2'] })).layout).toBe('v2');
    expect(footer(visitor(id)).layout).toBe('v1');
  });

  it('the footer is the same for visitors and customers', () => {
    const { hidden: _a, ...anonymous } = footer(visitor('de-DE'));
    const { hidden: _b, ...customer } = footer(loggedIn('de-DE'));
    expect(customer).toEqual(anonymous);
  });
});

describe('footer link columns', () => {
  it('de-DE shows its three columns, internal links under the base path', () => {
    const model = footer(visitor('de-DE'));
    expect(model.columnsHidden).toBe(false);
    expect(model.columns.map((c) => c.heading)).toEqual(['Produkte', 'Unternehmen', 'Hilfe & Kontakt']);
    expect(model.columns[0]?.links.map((l) => l.link.href)).toEqual([
      '/de-de/festgeld/',
      '/de-de/tagesgeld/',
      '/de-de/kuendigungsgeld/',
      '/de-de/vermoegensverwaltung/',
    ]);
  });

  it.each(CONFIG_IDS)('%s: hideFooterLinks hides every column', (id) => {
    const model = footer(visitor(id, { flags: ['hideFooterLinks'] }));
    expect(model.columnsHidden).toBe(true);
    expect(model.columns).toEqual([]);
  });

  it('columns hidden by hideFooterLinks are recorded with the flag named', () => {
    const model = footer(visitor('de-DE', { flags: ['hideFooterLinks'] }));
    for (const id of ['footer-produkte', 'footer-unternehmen', 'footer-hilfe']) {
      const hidden = model.hidden.find((h) => h.id === id);
      expect(hidden?.reason).toContain('hideFooterLinks');
      expect(hidden?.location).toBe('footer');
    }
  });

  it('the country selector page (special mode) hides the columns and the market picker, and says why', () => {
    const model = footer(visitor('en', { page: 'country-selector' }));
    expect(model.columnsHidden).toBe(true);
    expect(model.columns).toEqual([]);
    expect(model.marketPicker).toBeUndefined();
    expect(model.hidden.find((h) => h.id === 'footer-solutions')?.reason).toMatch(/country selector/i);
  });

  it('the legal links, copyright and social icons stay when columns are hidden', () => {
    const model = footer(visitor('de-DE', { flags: ['hideFooterLinks'] }));
    expect(model.legalLinks.length).toBeGreaterThan(0);
    expect(model.copyright).toContain('2031');
    expect(model.social.icons.length).toBeGreaterThan(0);
  });

  it('a link hidden by a rule is recorded with its flag (nl-NL wealth management)', () => {
    const model = footer(visitor('nl-NL'));
    expect(footerHrefs(model)).not.toContain('/nl-nl/vermogensbeheer/');
    expect(model.hidden.find((h) => h.id === 'footer-vermogensbeheer')).toMatchObject({
      location: 'footer › Producten',
      reason: 'needs flag "dwmNetherlandsLaunch" on',
    });
    expect(footerHrefs(footer(visitor('nl-NL', { flags: ['dwmNetherlandsLaunch'] })))).toContain(
      '/nl-nl/vermogensbeheer/',
    );
  });

  it('a column whose links are all hidden is dropped', () => {
    const config = editableConfig('de-DE');
    for (const link of config.footer.columns[1]!.links) link.visibility = { flag: 'designV2' };
    expect(footer(visitor('de-DE'), config).columns.map((c) => c.id)).toEqual(['footer-produkte', 'footer-hilfe']);
  });

  it('a column hidden by its own rule is recorded', () => {
    const config = editableConfig('de-DE');
    config.footer.columns[0]!.visibility = { flag: 'designV2' };
    const model = footer(visitor('de-DE'), config);
    expect(model.columns.map((c) => c.id)).not.toContain('footer-produkte');
    expect(hiddenIds(model)).toContain('footer-produkte');
  });
});

describe('footer links: base path and lower case', () => {
  const config = editableConfig('de-DE');
  config.footer.columns[0]!.links[0]!.href = '/Festgeld/Angebote/';
  config.footer.columns[1]!.links[3]!.href = 'https://Karriere.Depona.example/Jobs/';
  config.footer.legalLinks[0]!.href = '/IMPRESSUM/';
  config.footer.columns[2]!.links[0]!.href = 'www.Hilfe.Depona.example/DE/';
  const model = footer(visitor('de-DE'), config);
  const link = (id: string) =>
    [...model.columns.flatMap((c) => c.links), ...model.legalLinks].find((l) => l.id === id)?.link;

  it('internal links are prefixed with the base path and lower-cased', () => {
    expect(link('footer-festgeld')).toEqual({ href: '/de-de/festgeld/angebote/', external: false, active: false });
    expect(link('impressum')?.href).toBe('/de-de/impressum/');
  });

  it('https:// and www. links are not prefixed or lower-cased', () => {
    expect(link('footer-karriere')).toMatchObject({ href: 'https://Karriere.Depona.example/Jobs/', external: true });
    expect(link('footer-faq')).toMatchObject({ href: 'https://www.Hilfe.Depona.example/DE/', external: true });
  });

  it('header links keep their case (legacy hash routes are case-sensitive)', () => {
    expect(header(loggedIn('de-DE')).navItems[0]?.subMenu?.main.map((i) => i.link?.href)).toContain(
      '/de-de/savingglobal/#/MyInvestments',
    );
  });

  it('every internal footer link of every config is lower case under its base path', () => {
    for (const id of CONFIG_IDS) {
      const internal = footerHrefs(footer(visitor(id, { flags: ['dwmNetherlandsLaunch'] }))).filter((h) =>
        h.startsWith('/'),
      );
      for (const href of internal) {
        expect(href.startsWith(`/${id.toLowerCase()}/`)).toBe(true);
        expect(href).toBe(href.toLowerCase());
      }
    }
  });
});

describe('legal links and consent', () => {
  it.each(CONFIG_IDS)('%s: the consent-settings link opens the consent manager; the others navigate', (id) => {
    const legal = footer(visitor(id)).legalLinks;
    const consent = legal.filter((l) => l.action === 'consent-settings');
    expect(consent).toHaveLength(1);
    expect(consent[0]?.link.href).toBe('#consent-settings');
    expect(legal.filter((l) => l.link.href !== '#consent-settings').every((l) => l.action === undefined)).toBe(true);
  });
});

describe('copyright with the current year', () => {
  it.each(CONFIG_IDS)('%s takes the year from ctx.now', (id) => {
    const copyright = footer(visitor(id)).copyright;
    expect(copyright).toContain('2031');
    expect(copyright).not.toContain('{year}');
  });

  it('de-DE, with another clock', () => {
    expect(footer(visitor('de-DE', { now: new Date('2027-07-01T12:00:00Z') })).copyright).toBe(
      '© 2027 Depona GmbH. Alle Rechte vorbehalten.',
    );
  });
});

describe('US contact strip', () => {
  it.each(CONFIG_IDS)('%s shows it only in en-US', (id) => {
    expect(footer(visitor(id)).usContact !== undefined).toBe(id === 'en-US');
  });

  it('en-US: email link, call link and availability', () => {
    expect(footer(visitor('en-US')).usContact).toEqual({
      emailHref: 'mailto:support@depona.example',
      emailText: 'Email us',
      phoneHref: 'tel:+18005550134',
      phoneText: 'Call us',
      availability: 'Monday through Friday, 9 a.m. – 6 p.m. ET',
    });
  });
});

describe('review strip, app banner, social icons, credits, disclaimer', () => {
  it('de-DE review strip: half stars, bucket and localised text', () => {
    expect(footer(visitor('de-DE')).review).toEqual({
      score: 4.6,
      stars: 4.5,
      bucket: 5,
      count: 12480,
      text: '4,6 von 5 · 12.480 Bewertungen',
      link: { href: 'https://de.trustpilot.com/review/depona.example', external: true, active: false },
    });
  });

  it('no review strip when display is off', () => {
    const config = editableConfig('de-DE');
    config.footer.reviewStrip!.display = false;
    expect(footer(visitor('de-DE'), config).review).toBeUndefined();
  });

  it('the mobile app banner keeps its store links', () => {
    expect(footer(visitor('de-DE')).mobileBanner).toEqual({
      iconUrl: '/assets/app-icon.svg',
      title: 'Die Depona-App',
      text: 'Ihre Anlagen jederzeit im Blick.',
      appStoreUrl: 'https://apps.apple.com/de/app/depona/id000000001',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=example.depona',
    });
  });

  it('the app banner follows the link rules: internal store links get the base path', () => {
    const config = editableConfig('de-DE');
    config.footer.mobileBanner!.appStoreUrl = '/App/';
    expect(footer(visitor('de-DE'), config).mobileBanner?.appStoreUrl).toBe('/de-de/app/');
  });

  it('the app banner follows the link rules: an unsafe store link drops the banner', () => {
    const config = editableConfig('de-DE');
    config.footer.mobileBanner!.playStoreUrl = 'javascript:alert(1)';
    expect(footer(visitor('de-DE'), config).mobileBanner).toBeUndefined();
  });

  it('social icons link out unchanged, with the heading unless hidden', () => {
    const model = footer(visitor('de-DE'));
    expect(model.social.heading).toBe('Folgen Sie uns');
    expect(model.social.icons.map((i) => [i.account, i.link.href])).toEqual([
      ['Facebook', 'https://www.facebook.com/depona.de'],
      ['LinkedIn', 'https://www.linkedin.com/company/depona'],
      ['Instagram', 'https://www.instagram.com/depona.de'],
      ['Youtube', 'https://www.youtube.com/@depona'],
    ]);
    const config = editableConfig('de-DE');
    config.footer.social.hideHeading = true;
    expect(footer(visitor('de-DE'), config).social.heading).toBeUndefined();
  });

  it('partner credits and the disclaimer HTML come through', () => {
    const model = footer(visitor('de-DE'));
    expect(model.credits).toEqual([
      {
        id: 'credit-partnerbank',
        link: { href: 'https://www.nordhafen-bank.example/', external: true, active: false },
        title: 'Nordhafen Bank AG',
        logoUrl: '/assets/partners/nordhafen-bank.svg',
        logoTitle: 'Nordhafen Bank AG',
      },
    ]);
    expect(model.disclaimerHtml).toBe(loadConfig('de-DE').footer.disclaimer);
  });
});
