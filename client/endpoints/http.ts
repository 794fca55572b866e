/**
 * The one fetch helper. An error body `{ error }` (docs/architecture.md §5) becomes an Error carrying the server's
 * sentence and status. Responses are typed by the shared zod schemas; the server already validates
 * every response against them on the way out (its serializer), so shop calls use `serverChecked<T>()`
 * instead of parsing again, which keeps zod's runtime out of the shop bundle. Screens that load zod
 * anyway (admin) may pass the schema itself to parse.
 */
import type { ErrorBody } from '../../shared/schemas/common.js';

export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A response the server has validated against its shared schema before sending. */
export function serverChecked<T>(): ResponseParser<T> {
  return { parse: (data) => data as T };
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ErrorBody).error === 'string';
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const message = isErrorBody(body) ? body.error : `The request failed (${response.status}).`;
  return new ApiError(message, response.status);
}

export async function fetchJson<T>(url: string, schema: ResponseParser<T>, init?: RequestInit): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { Accept: 'application/json', ...init?.headers },
  });
  if (!response.ok) throw await errorFrom(response);
  return schema.parse(await response.json());
}

export function postJson<T>(
  url: string,
  body: unknown,
  schema: ResponseParser<T>,
  init?: RequestInit,
): Promise<T> {
  return fetchJson(url, schema, {
    ...init,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init?.headers },
    body: JSON.stringify(body),
  });
}

/** A query string from defined, non-empty values only. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
