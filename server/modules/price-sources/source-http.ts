import { PriceSourceError } from './source.js';

export interface SourceCall {
  /** The source's name in sentences. */
  label: string;
  /** What is asked, for the sentence: "the token request". */
  what: string;
  url: string;
  headers: Record<string, string>;
  /** JSON, or form fields (application/x-www-form-urlencoded). */
  body: { json: unknown } | { form: Record<string, string> };
  timeoutMs: number;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * One POST to a price source, by the rules the payment providers' calls follow (payment-providers/
 * provider-http.ts): one deadline for connecting, the answer and its body; no redirects (one would
 * carry the credentials along); any failure a PriceSourceError with a sentence naming the source.
 * 429 and 5xx are marked `retryLater`.
 */
export async function callSource(call: SourceCall): Promise<unknown> {
  const isForm = 'form' in call.body;
  try {
    const response = await fetch(call.url, {
      method: 'POST',
      headers: {
        ...call.headers,
        accept: 'application/json',
        'content-type': isForm ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      body:
        'form' in call.body ? new URLSearchParams(call.body.form).toString() : JSON.stringify(call.body.json),
      redirect: 'error',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      const status = response.status;
      const tooFast = status === 429 ? ' (too many requests)' : '';
      throw new PriceSourceError(`${call.label} answered ${status}${tooFast} to ${call.what}.`, {
        status,
        retryLater: status === 429 || status >= 500,
      });
    }
    try {
      return await response.json();
    } catch (error) {
      if (isTimeout(error)) throw error;
      throw new PriceSourceError(`${call.label} answered ${call.what} with something other than JSON.`, {
        cause: error,
      });
    }
  } catch (error) {
    if (error instanceof PriceSourceError) throw error;
    if (isTimeout(error)) {
      throw new PriceSourceError(`${call.label} did not answer ${call.what} within ${call.timeoutMs} ms.`, {
        cause: error,
        retryLater: true,
      });
    }
    throw new PriceSourceError(`${call.label} could not be reached for ${call.what}.`, {
      cause: error,
      retryLater: true,
    });
  }
}
