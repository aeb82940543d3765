import { HttpResponse } from 'msw';
import { customerFor, withEmbeds } from '../fixtures/customers';
import { errorResponse, type EndpointResolvers, pathParam } from '../faults';

/** GET /customers/{bacNumber}?embed=… (customer-account service). */
export const customerResolvers = {
  customer: ({ request, params, scenario }) => {
    const bacNumber = pathParam(params, 'bacNumber');
    const customer = customerFor(scenario, bacNumber);
    // no-customer-data is a user whose customer record does not exist yet: the 404 is the scenario, not a bug.
    if (!customer)
      return errorResponse(
        404,
        `No customer ${bacNumber} for persona "${scenario.persona}".`,
        scenario.persona === 'no-customer-data' ? 'scenario' : 'refused',
      );
    return HttpResponse.json(withEmbeds(customer, new URL(request.url).searchParams.get('embed')));
  },
} satisfies EndpointResolvers;
