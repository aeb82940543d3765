import { describe, expect, it } from 'vitest';
import { ALL_ACCESS as FIXTURE_ALL_ACCESS } from '../../runtime/resolver/__fixtures__/contexts';
import { loadConfig, MARKET_LOCALES } from '../../runtime/resolver/__fixtures__/configs';
import { pagesFor } from './pages';
import { hasCustomerData, MATRIX_PERSONA_IDS, MATRIX_PERSONAS } from './personas';

describe('pages of the matrix', () => {
  it.each(MARKET_LOCALES)('%s: every page except the two that always render en', (id) => {
    expect(pagesFor(loadConfig(id)).map((p) => p.id)).toEqual([
      'home',
      'login',
      'register',
      'open-banking',
      'dashboard',
      'cdvc',
      'financial-info',
      'reference-account',
      'integrated',
    ]);
  });

  it('plain en: the country selector and corporate pages (both variants), plus login and open banking whose header it defines', () => {
    expect(pagesFor(loadConfig('en')).map((p) => p.id)).toEqual([
      'login',
      'open-banking',
      'country-selector',
      'corporate',
      'corporate-bank-navigation',
    ]);
  });
});

describe('personas of the matrix', () => {
  const byId = Object.fromEntries(MATRIX_PERSONAS.map((p) => [p.id, p.facts]));

  it('are the six personas of docs/lint-matrix.md#the-matrix', () => {
    expect(MATRIX_PERSONAS.map((p) => p.id)).toEqual([...MATRIX_PERSONA_IDS]);
    expect(MATRIX_PERSONA_IDS).toEqual([
      'visitor',
      'partner-visitor',
      'customer',
      'company',
      'pending',
      'no-customer-data',
    ]);
  });

  it('visitors are anonymous; the partner visitor carries a partner logo', () => {
    expect(byId.visitor).toMatchObject({ loggedIn: false });
    expect(byId.visitor!.customer).toBeUndefined();
    expect(byId['partner-visitor']).toMatchObject({ loggedIn: false, distributor: { logo: expect.any(Object) } });
  });

  it('customer and company hold every access id and pension product; company is a company customer', () => {
    for (const id of ['customer', 'company']) {
      expect([...byId[id]!.access].sort(), id).toEqual([...FIXTURE_ALL_ACCESS].sort());
      expect([...byId[id]!.pomProducts].sort(), id).toEqual(['dwm', 'pension']);
    }
    expect(byId.company!.customer!.isCompanyCustomer).toBe(true);
    expect(byId.customer!.customer!.isCompanyCustomer).toBe(false);
  });

  it('pending holds no account access and no product, only the product types on offer', () => {
    expect(byId.pending!.customer!.isPendingActivation).toBe(true);
    expect([...byId.pending!.access].sort()).toEqual([
      'notice_product_access',
      'overnight_product_access',
      'term_product_access',
    ]);
    expect(byId.pending!.pomProducts.size).toBe(0);
  });

  it('only the three personas with customer data must get a full private header', () => {
    expect(MATRIX_PERSONAS.filter(hasCustomerData).map((p) => p.id)).toEqual(['customer', 'company', 'pending']);
    expect(byId['no-customer-data']).toMatchObject({ loggedIn: true });
  });
});
