import useSWR from 'swr';
import { endpointPath } from './api-paths';
import type { DepositTypesDto, ListDto, PensionProductsDto, ProductInstanceDto, ProductInstancesPageDto, ProductManagementProductDto, ProductTypesDto } from './api-types';
import { useApiClient } from './api-context';
import type { HttpClient } from './http-client';

export async function getDepositTypes(client: HttpClient, customerId: string): Promise<DepositTypesDto> {
  return (await client.request<DepositTypesDto>({ method: 'GET', service: 'customer-account', path: endpointPath('deposit-types'), query: { customer_id: customerId } })).data;
}

export async function getProductTypes(client: HttpClient, distributorId: string, distributionChannelId: string): Promise<ProductTypesDto> {
  return (await client.request<ProductTypesDto>({ method: 'GET', service: 'product', path: endpointPath('product-types'), query: { distributor_id: distributorId, distribution_channel_id: distributionChannelId } })).data;
}

export async function getProducts(client: HttpClient, customerId: string): Promise<ProductManagementProductDto[]> {
  const body = (await client.request<ListDto<ProductManagementProductDto>>({ method: 'GET', service: 'product', path: endpointPath('products'), query: { customer_id: customerId } })).data;
  return Array.isArray(body?.data) ? body.data : [];
}

/** Follows nextPageId; stops after 20 pages so a looping server cannot hang the header. */
export async function getProductInstances(client: HttpClient, customerDomainId: string): Promise<ProductInstanceDto[]> {
  const out: ProductInstanceDto[] = [];
  let pageId: string | undefined;
  for (let page = 0; page < 20; page++) {
    const body = (await client.request<ProductInstancesPageDto>({ method: 'GET', service: 'product', path: endpointPath('product-instances'), query: { customer_domain_id: customerDomainId, pageId } })).data;
    out.push(...(Array.isArray(body?.data) ? body.data : []));
    if (!body?.nextPageId) break;
    pageId = body.nextPageId;
  }
  return out;
}

export async function getPensionProducts(client: HttpClient, customerId: string): Promise<PensionProductsDto> {
  return (await client.request<PensionProductsDto>({ method: 'GET', service: 'product', path: endpointPath('pension-products', { customerId }) })).data;
}

export const depositTypesKey = (customerId: string) => ['deposit-types', customerId] as const;
export const productsKey = (customerId: string) => ['products', customerId] as const;
export const productTypesKey = (distributorId: string, channelId: string) => ['product-types', distributorId, channelId] as const;
export const productInstancesKey = (customerDomainId: string) => ['product-instances', customerDomainId] as const;
export const pensionProductsKey = (customerId: string) => ['pension-products', customerId] as const;

export function useDepositTypes(customerId: string | undefined) {
  const client = useApiClient();
  return useSWR(customerId ? depositTypesKey(customerId) : null, () => getDepositTypes(client, customerId!));
}

export function useProductTypes(distributorId: string | undefined, channelId: string | undefined) {
  const client = useApiClient();
  return useSWR(distributorId && channelId ? productTypesKey(distributorId, channelId) : null, () => getProductTypes(client, distributorId!, channelId!));
}

export function useProducts(customerId: string | undefined) {
  const client = useApiClient();
  return useSWR(customerId ? productsKey(customerId) : null, () => getProducts(client, customerId!));
}

export function useProductInstances(customerDomainId: string | undefined) {
  const client = useApiClient();
  return useSWR(customerDomainId ? productInstancesKey(customerDomainId) : null, () => getProductInstances(client, customerDomainId!));
}

/** SPEC §7: German customers only, and no revalidation on focus. */
export function usePensionProducts(customerId: string | undefined, isGermanCustomer: boolean) {
  const client = useApiClient();
  return useSWR(customerId && isGermanCustomer ? pensionProductsKey(customerId) : null, () => getPensionProducts(client, customerId!), { revalidateOnFocus: false });
}
