import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { checkOperations, isDocumentedRoute } from './routes.js';

interface Operation {
  security?: unknown[];
  summary?: string;
  operationId?: string;
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};

describe.each(TEST_DIALECTS)('the API reference on %s', (dialect) => {
  let t: TestApp;
  const routes: { method: string; url: string }[] = [];
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      {},
      {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url });
        },
      },
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every API route the server registers, each method', () => {
    const api = routes.filter((route) => isDocumentedRoute(route.url) && route.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(30);
    const missing = api.filter(({ method, url }) => {
      const path = url.replace(/:(\w+)/g, '{$1}');
      return !document.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    // Nothing that is not a call: no page route, picture or sitemap.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('says which bearer token each call takes, as the server enforces it', () => {
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(security('/api/add-product', 'post')).toEqual([{ adminBearer: [] }]);
    expect(security('/api/create-purchase', 'post')).toEqual([{ buyerBearer: [] }]);
    expect(security('/api/purchase/{payment_id}', 'delete')).toEqual([
      { buyerBearer: [] },
      { adminBearer: [] },
    ]);
    // Public operations say so: no token at all.
    expect(security('/api/health', 'get')).toEqual([]);
    expect(security('/api/catalog', 'get')).toEqual([]);
  });

  it('names every operation: a summary, a unique camelCase operationId and one declared module tag', () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    const declared = document.tags.map((tag) => tag.name);
    for (const operation of operations) {
      expect(operation.summary).toMatch(/\S/);
      expect(operation.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(declared).toContain(operation.tags?.[0]);
    }
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
  });

  it('refuses to build a document with an operation left undescribed', () => {
    expect(() =>
      checkOperations({ '/api/x': { get: { summary: 'X', operationId: 'getX', tags: ['x'] } } }),
    ).not.toThrow();
    expect(() =>
      checkOperations({
        '/api/x': { get: { operationId: 'getX', tags: ['x'] } },
        '/api/y': { post: { summary: 'Y', operationId: 'getX', tags: ['y'] } },
        '/api/z': { put: { summary: 'Z', operationId: 'Bad-name' } },
      }),
    ).toThrow(
      'The API document is incomplete: GET /api/x has no summary; POST /api/y has the operationId "getX" of GET /api/x; PUT /api/z has no camelCase operationId; PUT /api/z has no module tag (tagRoutes in its routes file).',
    );
  });

  it('documents the 401 of every guarded operation and the errors a route’s shape implies', () => {
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security?.length) expect(statuses(path, method), `${method} ${path}`).toContain('401');
        for (const status of Object.keys(operation.responses).filter((code) => code >= '400')) {
          expect(operation.responses[status]!.content, `${method} ${path} ${status}`).toHaveProperty([
            'application/json',
          ]);
        }
      }
    }
    expect(statuses('/api/create-purchase', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '413', '415', '502', '503']),
    );
    expect(statuses('/api/login', 'post')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statuses('/api/config', 'get')).toEqual(['200']);
    expect(statuses('/api/catalog', 'get')).toEqual(['200', '304', '400', '503']);
  });

  it('describes the bodies handlers read themselves, and the answers that are not JSON', () => {
    const body = (path: string) => document.paths[path]!.post!.requestBody!.content;
    expect(Object.keys(body('/api/upload-images')['multipart/form-data']!.schema.properties!)).toEqual(
      expect.arrayContaining(['images', 'productId', 'shopType']),
    );
    expect(body('/api/tiptap-upload-image/{shop}/{id}')).toHaveProperty(['multipart/form-data']);
    expect(body('/api/chats/{chatId}/upload')).toHaveProperty(['multipart/form-data']);
    expect(body('/api/admin/import')).toHaveProperty(['text/csv']);
    expect(Object.keys(body('/api/payments/ipn')['application/json']!.schema.properties!)).toContain(
      'payment_status',
    );
    expect(document.paths['/api/payments/ipn']!.post!.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'x-nowpayments-sig' }),
    );
    expect(body('/api/payments/btcpay/webhook')).toHaveProperty(['application/json']);
    const answer = (path: string, method = 'get') => document.paths[path]![method]!.responses['200']!.content;
    expect(Object.keys(answer('/api/admin/export')!)).toEqual(['text/csv']);
    expect(Object.keys(answer('/api/images/{folder}/{id}/{file}')!)).toEqual(['image/webp']);
    expect(Object.keys(answer('/api/chats/{chatId}/images/{name}')!)).toEqual(['image/webp']);
    expect(Object.keys(answer('/api/image-from-link', 'post')!)).toEqual(['image/webp']);
  });

  it('names its server: relative without PUBLIC_URL, PUBLIC_URL when set', async () => {
    expect(document.servers.map((server) => server.url)).toEqual(['/']);
    const withUrl = await createTestApp(dialect, { PUBLIC_URL: 'https://shop.example.com/' });
    try {
      const served = (await withUrl.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
      expect(served.servers.map((server) => server.url)).toEqual(['https://shop.example.com']);
    } finally {
      await withUrl.close();
    }
  });

  it('serves the interactive reference at /api/docs under the site’s strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    const html =
      page.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: String(page.headers.location) })
        : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    const scripts = [...html.body.matchAll(/<script src="\.\/([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toContain('static/swagger-ui-bundle.js');
    for (const script of scripts) {
      const file = await t.app.inject({ method: 'GET', url: `/api/docs/${script}` });
      expect(file.statusCode, script).toBe(200);
      expect(file.headers['content-type'], script).toContain('javascript');
    }
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
