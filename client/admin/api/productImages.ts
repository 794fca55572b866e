/** GET /api/product-images/{shop}/{id} -> {images}: the gallery file names in order; non-OK gives []. */
import { useQuery } from '@tanstack/react-query';
import { productImagesResponseSchema } from '../../../shared/schemas/admin.js';
import type { ShopKey } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export async function fetchProductImages(shop: ShopKey, id: string): Promise<string[]> {
  try {
    const { images } = await adminFetchJson(
      `/api/product-images/${shop}/${encodeURIComponent(id)}`,
      productImagesResponseSchema,
    );
    return images;
  } catch (error) {
    console.error('Could not list the product images', error);
    return [];
  }
}

/** The image list of the product being edited; `id` null while no product is loaded. */
export function useProductImagesQuery(shop: ShopKey, id: string | null) {
  return useQuery({
    queryKey: adminKeys.productImages(shop, id ?? ''),
    queryFn: () => fetchProductImages(shop, id ?? ''),
    enabled: id !== null,
    staleTime: 0,
  });
}
