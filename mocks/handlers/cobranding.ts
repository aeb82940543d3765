import { HttpResponse } from 'msw';
import { cobrandingFor } from '../fixtures/cobranding';
import { errorResponse, type EndpointResolvers, pathParam } from '../faults';

/** GET /distributors/{distributorId}/cobranding (customer-info service), for the scenario's market. */
export const cobrandingResolvers = {
  cobranding: ({ params, scenario }) => {
    const distributorId = pathParam(params, 'distributorId');
    const cobranding = cobrandingFor(distributorId, scenario.locale);
    return cobranding
      ? HttpResponse.json(cobranding)
      : errorResponse(404, `No co-branding for distributor "${distributorId}".`);
  },
} satisfies EndpointResolvers;
