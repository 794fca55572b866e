/** POST /api/my-purchases/{payment_id}/returns (issue 28): the buyer asks to return units of an order line. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReturnBody, CreateReturnResponse } from '../../../../shared/schemas/returns.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { purchasesQueryKey } from './myPurchases.js';

export function requestReturn(paymentId: string, body: CreateReturnBody) {
  return buyerFetch<CreateReturnResponse>(`/api/my-purchases/${encodeURIComponent(paymentId)}/returns`, {
    method: 'POST',
    json: body,
  });
}

/** Asks, then My Orders again (the line's return and what is left to return). */
export function useRequestReturn(sub: string, paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReturnBody) => requestReturn(paymentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) }),
  });
}
