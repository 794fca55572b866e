/**
 * The admin fetch helper: every admin call carries `Authorization: Bearer <admin token>`, and a 401
 * answer drops the stored token and sends the admin back to the login gate.
 */
import type { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common.js';
import { ApiError, fetchJson } from '../../endpoints/http.js';
import { sendWithProgress, type TransferProgress } from '../../endpoints/sendWithProgress.js';
import { clearAdminToken, readAdminToken } from '../session/adminStorage.js';
import { announceAdminSessionExpired } from '../session/sessionEvents.js';

function authorization(): Record<string, string> {
  const token = readAdminToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function leaveOnUnauthorized(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) {
    clearAdminToken();
    announceAdminSessionExpired(error.message);
  }
  throw error;
}

interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data (the browser sets the boundary). */
  form?: FormData;
  /** Sent as they are (a CSV file, say), with this Content-Type. */
  raw?: { body: Blob; contentType: string };
  /** With either: the upload reports its progress (and `signal` cancels it). */
  onProgress?: (progress: TransferProgress) => void;
  signal?: AbortSignal;
}

function requestInit({ method = 'GET', json, form, raw, signal }: AdminRequest): RequestInit {
  if (form) return { method, body: form, headers: authorization(), signal };
  if (raw)
    return {
      method,
      body: raw.body,
      headers: { ...authorization(), 'Content-Type': raw.contentType },
      signal,
    };
  if (json !== undefined) {
    return {
      method,
      body: JSON.stringify(json),
      headers: { ...authorization(), 'Content-Type': 'application/json' },
    };
  }
  return { method, headers: authorization() };
}

/** An admin call answering JSON, parsed with the shared zod schema. */
export async function adminFetchJson<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
  request: AdminRequest = {},
): Promise<z.infer<Schema>> {
  try {
    const body = request.form ?? request.raw?.body;
    if (request.onProgress && body && (request.method === 'POST' || request.method === 'PUT')) {
      const headers = request.raw
        ? { ...authorization(), 'Content-Type': request.raw.contentType }
        : authorization();
      return await sendWithProgress(url, schema, {
        method: request.method,
        body,
        headers,
        signal: request.signal,
        onProgress: request.onProgress,
      });
    }
    return await fetchJson(url, schema, requestInit(request));
  } catch (error) {
    return leaveOnUnauthorized(error);
  }
}

async function failed(response: Response): Promise<never> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  const message = parsed.success ? parsed.data.error : `The request failed (${response.status}).`;
  return leaveOnUnauthorized(new ApiError(message, response.status));
}

/** An admin call answering bytes (an image). */
export async function adminFetchBlob(url: string, request: AdminRequest = {}): Promise<Blob> {
  const response = await fetch(url, requestInit(request));
  if (!response.ok) return failed(response);
  return response.blob();
}

/**
 * An admin list answering one page as a JSON array, with the count of every matching item in
 * X-Total-Count (null when the server sent none).
 */
export async function adminFetchPage<Schema extends z.ZodType>(
  url: string,
  schema: Schema,
): Promise<{ items: z.infer<Schema>; totalCount: string | null }> {
  const response = await fetch(url, {
    ...requestInit({}),
    headers: { Accept: 'application/json', ...authorization() },
  });
  if (!response.ok) return failed(response);
  const items: z.infer<Schema> = schema.parse(await response.json());
  return { items, totalCount: response.headers.get('X-Total-Count') };
}
