/** PUT /api/account/preferences (issue 18): stores the buyer's settings and answers them as stored. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountPreferences } from '../../../../shared/schemas/account.js';
import { buyerFetch } from '../../../session/buyerFetch.js';
import { preferencesQueryKey } from './preferences.js';

export function savePreferences(preferences: AccountPreferences): Promise<AccountPreferences> {
  return buyerFetch<AccountPreferences>('/api/account/preferences', { method: 'PUT', json: preferences });
}

export function useSavePreferences(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (stored) => queryClient.setQueryData(preferencesQueryKey(sub), stored),
  });
}
