/**
 * POST /api/admin-purchases/{payment_id}/accept (issue 28): the seller accepts the money that arrived for
 * an order that went wrong as its payment. Then every cached page is fetched again: the order, its
 * group's lines and what 'Needs attention' holds all change.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { okSchema } from '../../../shared/schemas/common.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export async function acceptPayment(paymentId: string): Promise<void> {
  await adminFetchJson(`/api/admin-purchases/${encodeURIComponent(paymentId)}/accept`, okSchema, {
    method: 'POST',
  });
}

export function acceptPaymentOptions(queryClient: QueryClient) {
  return {
    mutationFn: acceptPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
    onError: (error: Error) => console.error('Could not accept the payment', error),
  };
}

export function useAcceptPaymentMutation() {
  return useMutation(acceptPaymentOptions(useQueryClient()));
}
