/**
 * POST /api/admin/outbox/{id}/resend -> the e-mail as it now stands (waiting, due now). The cached pages
 * show it in place at once; they are not asked again here, or a resent e-mail would drop out of the
 * 'Sent' list under the admin's pointer. The list's own refresh while an e-mail waits follows it.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxMailSchema, type OutboxMail, type OutboxResponse } from '../../../shared/schemas/mail.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export function resendMail(id: number): Promise<OutboxMail> {
  return adminFetchJson(`/api/admin/outbox/${id}/resend`, outboxMailSchema, { method: 'POST' });
}

/** What the button runs; apart from the hook so it can be tested against a bare QueryClient. */
export function resendMailOptions(queryClient: QueryClient) {
  return {
    mutationFn: resendMail,
    onSuccess: (mail: OutboxMail) => {
      queryClient.setQueriesData<OutboxResponse>({ queryKey: adminKeys.outbox }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item.id === mail.id ? mail : item)) } : page,
      );
    },
    onError: (error: Error) => console.error('Could not resend the e-mail', error),
  };
}

export function useResendMailMutation() {
  return useMutation(resendMailOptions(useQueryClient()));
}
