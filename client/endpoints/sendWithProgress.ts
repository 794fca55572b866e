/**
 * An upload that reports progress and can be cancelled. fetch() cannot report upload progress in
 * browsers, so this one call uses XMLHttpRequest; answers and errors behave like fetchJson: a non-2xx
 * answer becomes an ApiError with the server's sentence, the body is typed by the shared schema.
 * Cancelling through `signal` rejects with an AbortError (see isAbortError).
 */
import type { ErrorBody } from '../../shared/schemas/common.js';
import { ApiError, type ResponseParser } from './http.js';

export interface TransferProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send; 0 when the browser cannot tell. */
  total: number;
}

export interface SendWithProgressInit {
  method?: 'POST' | 'PUT';
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (progress: TransferProgress) => void;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function errorSentence(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText) as Partial<ErrorBody> | null;
    if (body && typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: fall through to the generic sentence
  }
  return `The request failed (${xhr.status}).`;
}

export function sendWithProgress<T>(
  url: string,
  schema: ResponseParser<T>,
  { method = 'POST', body, headers = {}, signal, onProgress }: SendWithProgressInit,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.upload.addEventListener('progress', (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(errorSentence(xhr), xhr.status));
        return;
      }
      try {
        resolve(schema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error('The server answered something unexpected.'));
      }
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new ApiError('The upload failed: the connection was lost.', 0));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(body);
  });
}
