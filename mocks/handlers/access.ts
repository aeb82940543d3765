import { HttpResponse } from 'msw';
import type { ListDto, ProductInstancesPageDto, ProductManagementProductDto } from '../../runtime/api/api-types';
import {
  depositTypesFor,
  pensionProductsFor,
  productInstancesFor,
  productInstancesPage,
  productsFor,
  productTypesFor,
} from '../fixtures/access';
import { customerById } from '../fixtures/customers';
import { errorResponse, type EndpointResolvers, pathParam } from '../faults';

/** The names of required query parameters that are missing or empty. */
function missing(request: Request, ...names: string[]): string[] {
  const query = new URL(request.url).searchParams;
  return names.filter((name) => !query.get(name));
}

function refuseMissing(request: Request, ...names: string[]): Response | undefined {
  const absent = missing(request, ...names);
  return absent.length
    ? errorResponse(400, `Query parameter${absent.length > 1 ? 's' : ''} ${absent.join(', ')} required.`)
    : undefined;
}

/** The calls the access flags come from: deposit types, product types, products, product instances, pension products. */
export const accessResolvers = {
  'deposit-types': ({ request, scenario }) =>
    refuseMissing(request, 'customer_id') ?? HttpResponse.json(depositTypesFor(scenario)),
  'product-types': ({ request, scenario }) =>
    refuseMissing(request, 'distributor_id', 'distribution_channel_id') ?? HttpResponse.json(productTypesFor(scenario)),
  products: ({ request, scenario }) => {
    const refused = refuseMissing(request, 'customer_id');
    if (refused) return refused;
    const body: ListDto<ProductManagementProductDto> = { data: productsFor(scenario) };
    return HttpResponse.json(body);
  },
  'product-instances': ({ request, scenario }) => {
    const refused = refuseMissing(request, 'customer_domain_id');
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const customer = customerById(scenario, query.get('customer_domain_id')!);
    const page: ProductInstancesPageDto | null = productInstancesPage(
      customer ? productInstancesFor(scenario) : [],
      query.get('pageId'),
    );
    return page ? HttpResponse.json(page) : errorResponse(400, `Unknown pageId "${query.get('pageId')}".`);
  },
  'pension-products': ({ params, scenario }) => {
    const customerId = pathParam(params, 'customerId');
    const products = pensionProductsFor(scenario, customerId);
    // Pension products exist for German customers only (docs/rules.md#customer-data).
    return products
      ? HttpResponse.json(products)
      : errorResponse(404, `No pension products for customer ${customerId} (German customers only).`);
  },
} satisfies EndpointResolvers;
