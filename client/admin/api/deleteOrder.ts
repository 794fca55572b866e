/** DELETE /api/purchase/{payment_id} with the admin token: any order not yet paid (docs/product.md §7, docs/architecture.md §6). */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '../../../shared/schemas/common.js';
import type { AdminOrdersPage } from './adminOrders.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export async function deleteOrder(paymentId: string): Promise<void> {
  await adminFetchJson(`/api/purchase/${encodeURIComponent(paymentId)}`, okSchema, { method: 'DELETE' });
}

/** What 'Delete Order' runs; apart from the hook so it can be tested against a bare QueryClient. */
export function deleteOrderOptions(queryClient: QueryClient) {
  return {
    mutationFn: deleteOrder,
    onSuccess: (_nothing: void, paymentId: string) => {
      // Gone from the screen at once; then the pages and counts are fetched again to refill the page.
      queryClient.setQueriesData<AdminOrdersPage>({ queryKey: adminKeys.orders }, (page) =>
        page ? { ...page, orders: page.orders.filter((order) => order.payment_id !== paymentId) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    },
    // Refused because it was paid meanwhile, or already gone: the list shows how things stand now.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
  };
}

export function useDeleteOrderMutation() {
  return useMutation(deleteOrderOptions(useQueryClient()));
}
