/**
 * GET /api/account/role (issue 33): whether the signed-in user answers the chats as the seller. The seller's
 * id is not published (GET /api/config no longer names it): the server says it of the caller alone.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountRole } from '../../../shared/schemas/account.js';
import { BUYER_QUERY_ROOT, buyerFetch } from '../../session/buyerFetch.js';

export function accountRoleQueryKey(sub: string) {
  return [BUYER_QUERY_ROOT, sub, 'role'] as const;
}

export function fetchAccountRole(): Promise<AccountRole> {
  return buyerFetch<AccountRole>('/api/account/role');
}

/** Asked once per signed-in user (the answer follows SELLER_USER_ID, which changes only with a restart). */
export function useAccountRoleQuery(sub: string) {
  return useQuery(
    queryOptions({
      queryKey: accountRoleQueryKey(sub),
      queryFn: fetchAccountRole,
      enabled: sub !== '',
      staleTime: Infinity,
    }),
  );
}
