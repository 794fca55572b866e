import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../plugins/helmet.js';
import { createTestApp, type TestApp } from '../test/harness.js';

const SECURE_CONTEXT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster'];

describe('headers that browsers honour only on a trustworthy origin', () => {
  let direct: TestApp;
  let proxied: TestApp;
  const headersFor = async (t: TestApp, headers: Record<string, string>, url = '/api/health') => {
    const response = await t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });
    return response.headers;
  };

  beforeAll(async () => {
    direct = await createTestApp('sqlite');
    proxied = await createTestApp('sqlite', { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it.each(['192.168.1.20:3000', '192.168.1.20', 'shop.lan', '[fd00::20]:3000', '10.0.0.5'])(
    'leaves them out over plain HTTP to %s, keeping the other security headers',
    async (host) => {
      const headers = await headersFor(direct, { host });
      for (const name of SECURE_CONTEXT_ONLY) expect(headers).not.toHaveProperty(name);
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each(['localhost:3000', 'localhost', '127.0.0.1:3100', 'shop.localhost', '[::1]:3000', 'LOCALHOST.'])(
    'sends them to the loopback host %s',
    async (host) => {
      const headers = await headersFor(direct, { host });
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['origin-agent-cluster']).toBe('?1');
    },
  );

  it('sends them over HTTPS as a trusted proxy reports it, also on a 404', async () => {
    const https = { host: '192.168.1.20', 'x-forwarded-proto': 'https' };
    for (const url of ['/api/health', '/api/nowhere']) {
      const headers = await headersFor(proxied, https, url);
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['origin-agent-cluster']).toBe('?1');
    }
    const plain = await headersFor(proxied, { host: '192.168.1.20', 'x-forwarded-proto': 'http' });
    for (const name of SECURE_CONTEXT_ONLY) expect(plain).not.toHaveProperty(name);
  });

  it('ignores a forwarded protocol from a sender it does not trust', async () => {
    const headers = await headersFor(direct, { host: '192.168.1.20', 'x-forwarded-proto': 'https' });
    for (const name of SECURE_CONTEXT_ONLY) expect(headers).not.toHaveProperty(name);
  });
});

describe('Helmet’s headers, worked out once', () => {
  let t: TestApp;
  /** What @fastify/helmet itself adds to an answer with the app's options, asked of it here. */
  let helmet: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const probe = Fastify();
    await probe.register(fastifyHelmet, HELMET_OPTIONS);
    probe.get('/', async () => 'probe');
    const { headers } = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    helmet = Object.fromEntries(
      Object.entries(headers)
        .filter(([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name))
        .map(([name, value]) => [name, String(value)]),
    );
  });
  afterAll(() => t.close());

  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/catalog?shop=default', 200],
    ['GET', '/api/nowhere', 404],
    ['GET', '/api/catalog?page=0', 400],
    ['POST', '/api/login', 400],
  ])('are every one of Helmet’s, with its values, on %s %s (%i)', async (method, url, status) => {
    expect(Object.keys(helmet).sort()).toEqual([
      'content-security-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    const response = await t.app.inject({ method: method as 'GET' | 'POST', url });
    expect(response.statusCode).toBe(status);
    for (const [name, value] of Object.entries(helmet)) expect(response.headers[name], name).toBe(value);
  });
});
