/**
 * POST /api/admin-purchases/{payment_id}/refund {amount, note, restock} (issue 18): records a refund the
 * seller made outside the shop. Then every cached page is fetched again: a refund changes the order, its
 * group's other lines and what the filters hold.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBody } from '../../../shared/schemas/buying.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export type RefundRequest = RefundBody & { payment_id: string };

export async function recordRefund({ payment_id, ...body }: RefundRequest): Promise<void> {
  await adminFetchJson(`/api/admin-purchases/${encodeURIComponent(payment_id)}/refund`, okSchema, {
    method: 'POST',
    json: body,
  });
}

/** What the refund form runs; apart from the hook so it can be tested against a bare QueryClient. */
export function recordRefundOptions(queryClient: QueryClient) {
  return {
    mutationFn: recordRefund,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminKeys.returns }),
      ]),
    onError: (error: Error) => console.error('Could not record the refund', error),
  };
}

export function useRecordRefundMutation() {
  return useMutation(recordRefundOptions(useQueryClient()));
}
