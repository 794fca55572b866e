/** GET /api/account/preferences (issue 18): the signed-in buyer's own settings (chat e-mails on or off). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountPreferences } from '../../../../shared/schemas/account.js';
import { BUYER_QUERY_ROOT, buyerFetch } from '../../../session/buyerFetch.js';

export function preferencesQueryKey(sub: string) {
  return [BUYER_QUERY_ROOT, sub, 'preferences'] as const;
}

export function fetchPreferences(): Promise<AccountPreferences> {
  return buyerFetch<AccountPreferences>('/api/account/preferences');
}

/** `sub` keys the answer per buyer: the call itself names nobody (the token says who). */
export function usePreferencesQuery(sub: string) {
  return useQuery(queryOptions({ queryKey: preferencesQueryKey(sub), queryFn: fetchPreferences }));
}
