import { HttpResponse } from 'msw';
import { customerFor } from '../fixtures/customers';
import { mockEndpoint } from '../faults';

export const customerHandlers = [
  mockEndpoint('customer', ({ params, scenario }) => {
    const customer = customerFor(scenario, String(params.bacNumber));
    return customer ? HttpResponse.json(customer) : HttpResponse.json({ error: 'customer not found' }, { status: 404 });
  }),
];
