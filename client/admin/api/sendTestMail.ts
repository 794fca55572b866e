/**
 * POST /api/admin/outbox/test {to?} -> the queued test e-mail (to the address, else to SELLER_EMAIL).
 * The outbox pages are asked again so it shows at the top.
 */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxMailSchema, type OutboxMail, type OutboxTestBody } from '../../../shared/schemas/mail.js';
import { adminFetchJson } from './adminFetch.js';
import { adminKeys } from './queryKeys.js';

export function sendTestMail(body: OutboxTestBody): Promise<OutboxMail> {
  return adminFetchJson('/api/admin/outbox/test', outboxMailSchema, { method: 'POST', json: body });
}

export function sendTestMailOptions(queryClient: QueryClient) {
  return {
    mutationFn: sendTestMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.outbox }),
    onError: (error: Error) => console.error('Could not queue the test e-mail', error),
  };
}

export function useSendTestMailMutation() {
  return useMutation(sendTestMailOptions(useQueryClient()));
}
