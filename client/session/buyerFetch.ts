/**
 * The fetch helper of every buyer call (docs/architecture.md §6): `Authorization: Bearer <auth_token>`, and a 401
 * answer signs the buyer out, so an expired or revoked session ends in the sign-in instead of a screen
 * of errors. Answers are typed by the shared schemas (serverChecked: the server validated them on the
 * way out, and the shop bundle stays free of zod's runtime).
 */
import { ApiError, fetchJson, serverChecked } from '../endpoints/http.js';
import { clearSessionToken, getSessionToken } from './sessionStore.js';

/** The first part of every buyer query key, so signing out drops them all at once. */
export const BUYER_QUERY_ROOT = 'buyer';

interface BuyerRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
}

export async function buyerFetch<T>(url: string, { method = 'GET', json }: BuyerRequest = {}): Promise<T> {
  const token = getSessionToken();
  if (!token) {
    throw new ApiError('Please log in to your account', 401);
  }
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetchJson(url, serverChecked<T>(), {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    // Only the token this call carried: a sign-in that happened meanwhile must survive a late answer.
    if (error instanceof ApiError && error.status === 401 && getSessionToken() === token) {
      clearSessionToken();
    }
    throw error;
  }
}
