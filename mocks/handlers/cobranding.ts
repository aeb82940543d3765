import { HttpResponse } from 'msw';
import { PARTNER_DISTRIBUTOR } from '../fixtures/customers';
import { mockEndpoint } from '../faults';

export const cobrandingHandlers = [
  mockEndpoint('cobranding', ({ params }) =>
    params.distributorId === PARTNER_DISTRIBUTOR
      ? HttpResponse.json({ distributor_id: PARTNER_DISTRIBUTOR, distributor_logo: { url: '/assets/partners/partner.svg', alt: 'Partner Bank' } })
      : HttpResponse.json({ error: 'no co-branding for this distributor' }, { status: 404 }),
  ),
];
