/**
 * GET /api/products/{id}?shop=: the full product for the modal, through the localStorage
 * product cache of docs/product.md §4 (reused while updated_at matches the list; failed fetches dropped).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '../../shared/schemas/catalog.js';
import type { ShopKey } from '../../shared/shops.js';
import { cachedProduct, forgetProduct, rememberProduct } from '../shops/catalogue/productCache.js';
import { fetchJson, queryString, serverChecked } from './http.js';

export interface ProductParams {
  shop: ShopKey;
  id: number;
  /** The list page the product was opened from: its cache lives under this URL. */
  listUrl: string;
  /** updated_at of the list item; unknown when the product was opened from a copied link. */
  listUpdatedAt?: string;
}

export function fetchProduct(shop: ShopKey, id: number): Promise<ProductDetail> {
  return fetchJson(`/api/products/${id}${queryString({ shop })}`, serverChecked<ProductDetail>());
}

async function fetchProductThroughCache(params: ProductParams): Promise<ProductDetail> {
  const storage = window.localStorage;
  const cached = cachedProduct(storage, params.listUrl, params.id, params.listUpdatedAt);
  if (cached) return cached;
  try {
    const product = await fetchProduct(params.shop, params.id);
    rememberProduct(storage, params.listUrl, product);
    return product;
  } catch (error) {
    forgetProduct(storage, params.listUrl, params.id);
    throw error;
  }
}

export function productQueryOptions(params: ProductParams) {
  return queryOptions({
    queryKey: ['product', params.shop, params.id, params.listUrl, params.listUpdatedAt ?? 'latest'],
    queryFn: () => fetchProductThroughCache(params),
    retry: false,
  });
}

export function useProductQuery(params: ProductParams) {
  return useQuery(productQueryOptions(params));
}
