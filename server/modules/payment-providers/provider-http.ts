import { PaymentProviderError } from './provider.js';

export interface ProviderCall {
  /** The provider's name in sentences, e.g. "NOWPayments". */
  label: string;
  /** What is asked, for the sentence: "the invoice request". */
  what: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * One JSON call to a provider's API with the rules every provider shares (docs/architecture.md §7): one
 * deadline for connecting, the answer and its body alike, and no redirects (one would carry the API key
 * to wherever it points). Any failure is a PaymentProviderError with a sentence naming the provider.
 */
export async function callProvider(call: ProviderCall): Promise<unknown> {
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: {
        ...call.headers,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      redirect: 'error',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new PaymentProviderError(`${call.label} answered ${response.status} to ${call.what}.`, {
        status: response.status,
      });
    }
    try {
      return await response.json();
    } catch (error) {
      if (isTimeout(error)) throw error;
      throw new PaymentProviderError(`${call.label} answered with something other than JSON.`, {
        cause: error,
      });
    }
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    if (isTimeout(error)) {
      throw new PaymentProviderError(`${call.label} did not answer within ${call.timeoutMs} ms.`, {
        cause: error,
      });
    }
    throw new PaymentProviderError(`${call.label} could not be reached.`, { cause: error });
  }
}

/** A web address the buyer's browser may be sent to (never javascript: or data:). */
export function isWebAddress(value: unknown): value is string {
  return typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value);
}

export const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
