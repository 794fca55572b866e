/** POST /api/verify-token {token} -> {valid}. A failed check removes the stored token (docs/product.md §4). */
import { useQuery } from '@tanstack/react-query';
import { verifyTokenResponseSchema } from '../../../shared/schemas/admin.js';
import { postJson } from '../../endpoints/http.js';
import { clearAdminToken } from '../session/adminStorage.js';
import { adminKeys } from './queryKeys.js';

export async function verifyAdminToken(token: string): Promise<boolean> {
  const { valid } = await postJson('/api/verify-token', { token }, verifyTokenResponseSchema);
  return valid;
}

/** Checks the stored token; anything but a clear "valid" drops it. */
async function checkStoredToken(token: string): Promise<boolean> {
  const valid = await verifyAdminToken(token).catch((error: unknown) => {
    console.error('Could not check the admin token', error);
    return false;
  });
  if (!valid) clearAdminToken();
  return valid;
}

export function useVerifyTokenQuery(token: string | null) {
  return useQuery({
    queryKey: adminKeys.verifyToken(token ?? ''),
    queryFn: () => checkStoredToken(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}
