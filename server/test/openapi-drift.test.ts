import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerHeaders, createTestApp, TEST_DIALECTS, type TestApp } from './harness.js';
import { createAnswerChecker, takeDriftViolations } from './openapi-drift.js';

type Document = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

describe.each(TEST_DIALECTS)('the API document checks every answer on %s', (dialect) => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Document>();
  });
  afterAll(() => t.close());

  it('passes an answer that fits: a listed status, its content type, a body its schema takes', () => {
    const check = createAnswerChecker(document);
    const answer = { method: 'GET', route: '/api/health/live', contentType: 'application/json' };
    expect(check({ ...answer, status: 200, body: '{"ok":true}' })).toBeUndefined();
    expect(check({ ...answer, route: '/api/products/:id', status: 404, body: '{"error":"No."}' })).toBe(
      undefined,
    );
  });

  it('names method, route and status of an answer the document does not list', () => {
    const check = createAnswerChecker(document);
    const answer = { method: 'POST', route: '/api/create-purchase', contentType: 'application/json' };
    expect(check({ ...answer, status: 418, body: '{"error":"I am a teapot."}' })).toMatch(
      /^POST \/api\/create-purchase answered 418, which the API document does not list for it \(it lists 201, .*409/,
    );
    expect(check({ ...answer, status: 201, body: '{"payment_url":5}' })).toMatch(
      /^POST \/api\/create-purchase answered 201 with a body its schema refuses/,
    );
    expect(check({ ...answer, status: 409, body: '{"message":"no error field"}' })).toMatch(
      /answered 409 with a body its schema refuses/,
    );
    expect(
      check({
        method: 'GET',
        route: '/api/admin/export',
        status: 200,
        contentType: 'text/html',
        body: '<p>',
      }),
    ).toBe('GET /api/admin/export answered 200 as text/html; the API document says text/csv.');
  });

  it.each([
    ['a handler’s refusal', '/api/products/{id}', '/api/products/999999?shop=pc', 404],
    ['an auth hook’s refusal', '/api/cart/{googleUserId}', '/api/cart/someone', 401],
    ['a validation failure', '/api/catalog', '/api/catalog?page=0', 400],
  ])('fails through the real server on %s the document leaves out', async (_kind, path, url, status) => {
    // The harness checks against the app's own document: take that status out of it for a moment.
    const served = t.app.swagger() as unknown as Document;
    const responses = served.paths[path]!.get!.responses;
    const documented = responses[status];
    delete responses[status];
    try {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      const name = `GET ${path} answered ${status}, which the API document does not list for it`;
      expect(takeDriftViolations()).toEqual([expect.stringContaining(name)]);
    } finally {
      responses[status] = documented;
    }
  });

  it('fails when a real JSON body does not fit its schema', async () => {
    const headers = await buyerHeaders(t, { sub: 'drift-buyer' });
    const response = await t.app.inject({ method: 'GET', url: '/api/account/preferences', headers });
    expect(takeDriftViolations()).toEqual([]);
    // The same answer against a document whose 200 wants a field the server never sends.
    const strict = structuredClone(document);
    const ok = strict.paths['/api/account/preferences']!.get!.responses['200'] as {
      content: Record<string, { schema: unknown }>;
    };
    ok.content['application/json']!.schema = { type: 'object', required: ['never_sent'] };
    const answer = {
      method: 'GET',
      route: '/api/account/preferences',
      status: response.statusCode,
      contentType: String(response.headers['content-type']),
      body: response.body,
    };
    expect(createAnswerChecker(strict)(answer)).toMatch(
      /^GET \/api\/account\/preferences answered 200 with a body its schema refuses \(body must have required property 'never_sent'\)/,
    );
  });
});
