/** For the admin calls' tests: a stubbed fetch (no server, no DOM), set up and taken down around each test. */
import { afterEach, beforeEach, vi } from 'vitest';

export interface FetchCall {
  url: string;
  init: RequestInit | undefined;
}

/**
 * Call at the top of a test file. `answer` makes every fetch from then on answer `status` with `body` as
 * JSON (and `headers`), and empties `calls`, where each fetch is then listed. The calls log their
 * failures with console.error: silenced here, as the test looks at the answer instead.
 */
export function stubFetch() {
  const calls: FetchCall[] = [];
  function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            status,
            headers: { 'Content-Type': 'application/json', ...headers },
          }),
        );
      }),
    );
  }
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return { calls, answer };
}
