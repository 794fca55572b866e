/**
 * Compression through the real app: answers over 1 KB in brotli or gzip, a compressed request body
 * still read, while GET routes (no body) and the health checks (a few bytes) skip the plugin's hooks.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../test/harness.js';

describe('compression', () => {
  let t: TestApp;
  const routes: { url: string; method: string | string[]; compress?: unknown; decompress?: unknown }[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, { onRoute: (route) => void routes.push(route) });
  });
  afterAll(() => t.close());

  it('compresses a large GET answer in the encoding asked for', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await t.app.inject({ url: '/api/products', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      const body =
        encoding === 'br'
          ? zlib.brotliDecompressSync(response.rawPayload)
          : zlib.gunzipSync(response.rawPayload);
      expect(Array.isArray(JSON.parse(body.toString()))).toBe(true);
    }
  });

  it('still reads a gzip request body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ password: TEST_ADMIN_PASSWORD })),
      remoteAddress: '10.9.9.10',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('leaves the decompression hook off every GET route, and compression off the health checks', () => {
    const gets = routes.filter((route) => route.method === 'GET');
    expect(gets.length).toBeGreaterThan(20);
    expect(gets.filter((route) => route.decompress !== false).map((route) => route.url)).toEqual([]);
    const posts = routes.filter((route) => route.method === 'POST');
    expect(posts.filter((route) => route.decompress === false).map((route) => route.url)).toEqual([]);
    for (const url of ['/api/health', '/api/health/live']) {
      expect(routes.find((route) => route.url === url && route.method === 'GET')?.compress).toBe(false);
    }
  });
});
