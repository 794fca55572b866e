/**
 * The sandbox payment page's calls (docs/architecture.md §7): GET /api/payments/sandbox/{id} and POST …/pay,
 * which may carry an amount to pay only part (issue 18).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxOrder, SandboxPayBody } from '../../../../shared/schemas/buying.js';
import { BUYER_QUERY_ROOT, buyerFetch } from '../../../session/buyerFetch.js';
import { purchasesQueryKey } from '../../account/api/myPurchases.js';

const path = (paymentId: string) => `/api/payments/sandbox/${encodeURIComponent(paymentId)}`;

export function sandboxOrderQueryKey(sub: string, paymentId: string) {
  return [BUYER_QUERY_ROOT, sub, 'sandbox', paymentId] as const;
}

export function fetchSandboxOrder(paymentId: string): Promise<SandboxOrder> {
  return buyerFetch<SandboxOrder>(path(paymentId));
}

export function useSandboxOrderQuery(sub: string, paymentId: string) {
  return useQuery({
    queryKey: sandboxOrderQueryKey(sub, paymentId),
    queryFn: () => fetchSandboxOrder(paymentId),
    retry: false,
  });
}

export interface SandboxPayment {
  paymentId: string;
  /** Pays only this much ("12.50"), to try a partial payment; without it, what is left of the invoice. */
  amount?: string;
}

export function paySandboxOrder({ paymentId, amount }: SandboxPayment): Promise<SandboxOrder> {
  return buyerFetch<SandboxOrder>(`${path(paymentId)}/pay`, {
    method: 'POST',
    json: amount === undefined ? undefined : ({ amount } satisfies SandboxPayBody),
  });
}

export function usePaySandboxOrder(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paySandboxOrder,
    onSuccess: (order, { paymentId }) => {
      // A part payment stays on this page, which shows what arrived and what is left.
      queryClient.setQueryData(sandboxOrderQueryKey(sub, paymentId), order);
      // The order list shows the new status next time it is looked at.
      return queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) });
    },
    onError: (error) => console.error('The sandbox payment failed', error.message),
  });
}
