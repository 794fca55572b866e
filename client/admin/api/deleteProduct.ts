/** DELETE /api/delete-product/{shop}/{id} -> {ok, message}; a failure carries the server's sentence. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProductResponseSchema } from '../../../shared/schemas/admin.js';
import type { ShopKey } from '../../../shared/shops.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

interface DeleteProductParams {
  shop: ShopKey;
  id: string;
}

export async function deleteProduct({ shop, id }: DeleteProductParams): Promise<string> {
  const { message } = await adminFetchJson(
    `/api/delete-product/${shop}/${encodeURIComponent(id)}`,
    deleteProductResponseSchema,
    { method: 'DELETE' },
  );
  return message;
}

export function useDeleteProductMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_message, { shop }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.nextId(shop) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories(shop) });
    },
  });
}
