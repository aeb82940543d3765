import { HttpResponse } from 'msw';
import { cobrandingFor } from '../fixtures/cobranding';
import { errorResponse, type EndpointResolvers, pathParam } from '../faults';

/** GET /distributors/{distributorId}/cobranding (customer-info service). */
export const cobrandingResolvers = {
  cobranding: ({ params }) => {
    const distributorId = pathParam(params, 'distributorId');
    const cobranding = cobrandingFor(distributorId);
    return cobranding ? HttpResponse.json(cobranding) : errorResponse(404, `No co-branding for distributor "${distributorId}".`);
  },
} satisfies EndpointResolvers;
