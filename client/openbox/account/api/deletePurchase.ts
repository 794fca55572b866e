/** DELETE /api/purchase/{payment_id} (docs/product.md §7): the buyer deletes one of their unpaid orders. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { okSchema } from '../../../../shared/schemas/common.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { purchasesQueryKey } from './myPurchases.js';

export function deletePurchase(paymentId: string) {
  return buyerFetch<z.infer<typeof okSchema>>(`/api/purchase/${encodeURIComponent(paymentId)}`, {
    method: 'DELETE',
  });
}

export function useDeletePurchase(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePurchase,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) }),
    onError: (error) => {
      console.error('Could not delete order', error.message);
      window.alert('Could not delete order');
    },
  });
}
