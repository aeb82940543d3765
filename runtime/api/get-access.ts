import { endpointRequest } from './api-paths';
import type {
  DepositTypesDto,
  ListDto,
  PensionProductsDto,
  ProductInstanceDto,
  ProductInstancesPageDto,
  ProductManagementProductDto,
  ProductTypesDto,
} from './api-types';
import type { HttpClient } from './http-client';

export async function getDepositTypes(client: HttpClient, customerId: string): Promise<DepositTypesDto> {
  return (
    await client.request<DepositTypesDto>({ ...endpointRequest('deposit-types'), query: { customer_id: customerId } })
  ).data;
}

export async function getProductTypes(
  client: HttpClient,
  distributorId: string,
  distributionChannelId: string,
): Promise<ProductTypesDto> {
  return (
    await client.request<ProductTypesDto>({
      ...endpointRequest('product-types'),
      query: { distributor_id: distributorId, distribution_channel_id: distributionChannelId },
    })
  ).data;
}

export async function getProducts(client: HttpClient, customerId: string): Promise<ProductManagementProductDto[]> {
  const body = (
    await client.request<ListDto<ProductManagementProductDto>>({
      ...endpointRequest('products'),
      query: { customer_id: customerId },
    })
  ).data;
  return Array.isArray(body?.data) ? body.data : [];
}

/** Follows nextPageId; stops after 20 pages so a looping server cannot hang the header. */
export async function getProductInstances(client: HttpClient, customerDomainId: string): Promise<ProductInstanceDto[]> {
  const out: ProductInstanceDto[] = [];
  let pageId: string | undefined;
  for (let page = 0; page < 20; page++) {
    const body = (
      await client.request<ProductInstancesPageDto>({
        ...endpointRequest('product-instances'),
        query: { customer_domain_id: customerDomainId, pageId },
      })
    ).data;
    out.push(...(Array.isArray(body?.data) ? body.data : []));
    if (!body?.nextPageId) break;
    pageId = body.nextPageId;
  }
  return out;
}

export async function getPensionProducts(client: HttpClient, customerId: string): Promise<PensionProductsDto> {
  return (await client.request<PensionProductsDto>(endpointRequest('pension-products', { customerId }))).data;
}
