/** POST /api/login {password}: a token, a wrong password (401) or a lockout with retryAfter (429). */
import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema } from '../../../shared/schemas/admin.js';
import { errorBodySchema } from '../../../shared/schemas/common.js';
import { ApiError } from '../../endpoints/http.js';

export type LoginResult =
  | { kind: 'signed-in'; token: string }
  | { kind: 'wrong-password' }
  | { kind: 'blocked'; retryAfterSeconds: number };

/** Used when a 429 answer has no readable retryAfter. */
const FALLBACK_RETRY_AFTER_SECONDS = 60;

export async function loginAdmin(password: string): Promise<LoginResult> {
  const response = await fetch('/api/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ password }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'signed-in', token: loginResponseSchema.parse(body).token };
  if (response.status === 401) return { kind: 'wrong-password' };
  const error = errorBodySchema.safeParse(body);
  if (response.status === 429) {
    const retryAfter = error.success ? error.data.retryAfter : undefined;
    return { kind: 'blocked', retryAfterSeconds: retryAfter ?? FALLBACK_RETRY_AFTER_SECONDS };
  }
  throw new ApiError(error.success ? error.data.error : 'Login failed.', response.status);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: loginAdmin });
}
