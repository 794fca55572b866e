/**
 * What the seller's three steps on a return share (issue 28: approveReturn.ts, rejectReturn.ts,
 * receiveReturn.ts): the call, then the orders and the returns list fetched again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { returnSchema, type Return } from '../../../shared/schemas/returns.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export function postReturnStep(
  rma: string,
  step: 'approve' | 'reject' | 'receive',
  body: object,
): Promise<Return> {
  return adminFetchJson(`/api/admin/returns/${encodeURIComponent(rma)}/${step}`, returnSchema, {
    method: 'POST',
    json: body,
  });
}

export function useReturnStep<Input>(call: (input: Input) => Promise<Return>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.orders }),
        queryClient.invalidateQueries({ queryKey: adminKeys.returns }),
      ]),
  });
}
