import { HttpResponse } from 'msw';
import { depositTypesFor, pensionProductsFor, productInstancesFor, productsFor, productTypesFor } from '../fixtures/access';
import { customerFor } from '../fixtures/customers';
import { mockEndpoint } from '../faults';

/** Product instances come in pages of this size, so the client's paging is exercised. */
export const INSTANCES_PAGE_SIZE = 2;

export const accessHandlers = [
  mockEndpoint('deposit-types', ({ scenario }) => HttpResponse.json(depositTypesFor(scenario))),
  mockEndpoint('product-types', ({ scenario }) => HttpResponse.json(productTypesFor(scenario))),
  mockEndpoint('products', ({ scenario }) => HttpResponse.json({ data: productsFor(scenario) })),
  mockEndpoint('product-instances', ({ request, scenario }) => {
    const all = productInstancesFor(scenario);
    const page = Number(new URL(request.url).searchParams.get('pageId') ?? '0');
    if (!Number.isInteger(page) || page < 0) return HttpResponse.json({ error: 'pageId must be a page number' }, { status: 400 });
    const start = page * INSTANCES_PAGE_SIZE;
    const next = start + INSTANCES_PAGE_SIZE < all.length ? String(page + 1) : null;
    return HttpResponse.json({ data: all.slice(start, start + INSTANCES_PAGE_SIZE), nextPageId: next });
  }),
  // SPEC §7: pension products exist for German customers only.
  mockEndpoint('pension-products', ({ params, scenario }) => {
    const bac = String(params.customerId).replace(/^cus-/, '');
    const customer = customerFor(scenario, bac);
    if (!customer || customer.address?.countryCode !== 'DE') return HttpResponse.json({ error: 'no pension products' }, { status: 404 });
    return HttpResponse.json(pensionProductsFor(scenario));
  }),
];
