/** The sandbox payment page's calls (docs/architecture.md §7): GET /api/payments/sandbox/{id} and POST …/pay. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxOrder } from '../../../../shared/schemas/buying.js';
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

export function paySandboxOrder(paymentId: string): Promise<SandboxOrder> {
  return buyerFetch<SandboxOrder>(`${path(paymentId)}/pay`, { method: 'POST' });
}

export function usePaySandboxOrder(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paySandboxOrder,
    // The order list shows the new status next time it is looked at.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchasesQueryKey(sub) }),
    onError: (error) => console.error('The sandbox payment failed', error.message),
  });
}
