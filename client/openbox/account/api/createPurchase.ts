/** POST /api/create-purchase (docs/product.md §7): an order for one cart line; answers where to pay. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createPurchaseResponseSchema } from '../../../../shared/schemas/buying.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import type { CreatePurchaseBody } from '../shipping.js';
import { purchasesQueryKey } from './myPurchases.js';

type CreatedPurchase = z.infer<typeof createPurchaseResponseSchema>;

export function createPurchase(body: CreatePurchaseBody): Promise<CreatedPurchase> {
  return buyerFetch<CreatedPurchase>('/api/create-purchase', { method: 'POST', json: body });
}

export function useCreatePurchase(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) }),
    onError: (error) => console.error('Could not create purchase', error.message),
  });
}
