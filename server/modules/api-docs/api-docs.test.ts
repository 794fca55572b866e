import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { isDocumentedRoute } from './routes.js';

type Document = { openapi: string; paths: Record<string, Record<string, { security?: unknown[] }>> };

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
