import { describe, expect, it } from 'vitest';
import { LOCALE_REGISTRY } from '../schemas/locale-registry';
import { PARTNER_DISTRIBUTOR } from './fixtures/customers';
import { LOCALES, portalUrl, VISITORS } from './visitor-pages';

describe('visitor pages', () => {
  it('lists the registry locales, read as a file, in registry order', () => {
    expect(LOCALES).toEqual(LOCALE_REGISTRY.locales.map((entry) => entry.id));
  });

  it("sends the partner visitor with the mocks' co-branded distributor", () => {
    expect(new URLSearchParams(VISITORS['partner-visitor']).get('distributor')).toBe(PARTNER_DISTRIBUTOR);
    expect(VISITORS.visitor).toBe('');
  });

  it('builds lower-case portal paths for home and login', () => {
    expect(portalUrl('de-DE', 'home', 'visitor')).toBe('/de-de/');
    expect(portalUrl('en-GB', 'login', 'partner-visitor')).toBe(`/en-gb/login/?distributor=${PARTNER_DISTRIBUTOR}`);
  });
});
