/**
 * The admin gate's state machine (docs/product.md §4): checking (a stored token is being verified), then
 * authenticated or unauthenticated. A 401 from any admin call sends the admin back to the gate.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useVerifyTokenQuery } from '../api/verifyToken.js';
import { adminKeys } from '../api/queryKeys.js';
import { readAdminToken, storeAdminToken } from './adminStorage.js';
import { onAdminSessionExpired } from './sessionEvents.js';

export type AdminSessionStatus = 'checking' | 'authenticated' | 'unauthenticated';

export function useAdminSession() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(readAdminToken);
  const [notice, setNotice] = useState<string | null>(null);
  const verification = useVerifyTokenQuery(token);

  useEffect(
    () =>
      onAdminSessionExpired((message) => {
        setToken(null);
        setNotice(message);
      }),
    [],
  );

  let status: AdminSessionStatus = 'unauthenticated';
  if (token !== null && verification.isPending) status = 'checking';
  else if (token !== null && verification.data === true) status = 'authenticated';

  const signIn = (newToken: string) => {
    storeAdminToken(newToken);
    queryClient.setQueryData(adminKeys.verifyToken(newToken), true);
    setNotice(null);
    setToken(newToken);
  };

  return { status, notice, signIn };
}
