import type { CustomerDto } from '../api/api-types';
import type { PageKind } from '../../schemas/contracts';
import { PAGES } from '../resolver';
import { customerCountry, primaryPerson } from './derive-customer';

export type ForcedRedirectKind = 'missing-reference-iban' | 'uk-missing-financial-info' | 'data-validity-confirmation';

export interface ForcedRedirect {
  kind: ForcedRedirectKind;
  target: Extract<PageKind, 'reference-account' | 'financial-info' | 'cdvc'>;
}

/**
 * Forced redirects (docs/rules.md#forced-redirects), first match wins:
 * 1. an active customer without a reference-account IBAN → reference account page;
 * 2. a UK customer without origin of funds or annual income → financial information page;
 * 3. a non-UK customer whose data validity is EXPIRED or REVALIDATE → CDVC page.
 * Exempt pages (PAGES[page].redirectExempt) never redirect, so the target pages cannot loop.
 */
export function forcedRedirect(customer: CustomerDto | undefined, page: PageKind): ForcedRedirect | undefined {
  if (!customer || PAGES[page].redirectExempt) return undefined;
  if (customer.status === 'Active' && !customer.referenceAccounts?.[0]?.iban)
    return { kind: 'missing-reference-iban', target: 'reference-account' };
  const uk = customerCountry(customer) === 'GB';
  if (uk) {
    const info = primaryPerson(customer)?.additionalFinancialInformation;
    if (!info?.sourceOfFunds?.originOfFunds || !info.annualIncome?.code)
      return { kind: 'uk-missing-financial-info', target: 'financial-info' };
    return undefined;
  }
  const validity = customer.dataValidity?.status;
  if (validity === 'EXPIRED' || validity === 'REVALIDATE')
    return { kind: 'data-validity-confirmation', target: 'cdvc' };
  return undefined;
}
