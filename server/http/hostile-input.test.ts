import fs from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../test/harness.js';
import { addProduct } from '../test/fixtures.js';

const NUL = 'must not contain NUL characters';
const SURROGATE = 'must be valid Unicode text (it has a lone surrogate)';

const product = { title: 'Desk Lamp', main_category: 'Home', category: 'Lights', price: '19.99' };

describe.each(TEST_DIALECTS)('hostile input on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const inject = async (
    method: string,
    url: string,
    payload?: unknown,
    extra: Record<string, string> = {},
  ) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, ...extra },
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const storedProducts = () =>
    t.handle.db.selectFrom('products').selectAll().orderBy('shop').orderBy('id').execute();
  const imageFiles = () =>
    fs.existsSync(t.config.imagesDir) ? fs.readdirSync(t.config.imagesDir, { recursive: true }) : [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
    await addProduct(t.handle.db, 'default', 7, { title: 'Kept', category: 'Kept' });
  });
  afterAll(() => t.close());

  it.each([
    ['/api/catalog?q=lamp%00', `Invalid query parameter "q": ${NUL}.`],
    ['/api/catalog?category=Lights%00', `Invalid query parameter "category": ${NUL}.`],
    ['/api/catalog/overview?q=%00', `Invalid query parameter "q": ${NUL}.`],
    ['/api/catalog?q=a&q=b', 'Invalid query parameter "q": must be text.'],
  ])('refuses %s with a sentence naming the parameter', async (url, error) => {
    expect(await inject('GET', url)).toEqual({ status: 400, body: { error } });
  });

  it('keeps a stray % in a search as text', async () => {
    expect(await inject('GET', '/api/catalog?q=%')).toMatchObject({ status: 200, body: { total: 0 } });
  });

  it.each([
    [{ title: 'Lamp\u0000' }, `Invalid field "title": ${NUL}.`],
    [{ category: '\u0000' }, `Invalid field "category": ${NUL}.`],
    [{ description: '<p>a\u0000b</p>' }, `Invalid field "description": ${NUL}.`],
    [{ store: 'x\u0000' }, `Invalid field "store": ${NUL}.`],
    [{ link: 'https://a.example/\u0000' }, `Invalid field "link": ${NUL}.`],
    [{ title: 'Lamp \ud83d' }, `Invalid field "title": ${SURROGATE}.`],
    [{ main_category: '\ude00 Home' }, `Invalid field "main_category": ${SURROGATE}.`],
    [{ images: 'x' }, 'Invalid field "images": must be a list.'],
  ])('refuses an admin text field %j without storing anything', async (change, error) => {
    const before = await storedProducts();
    const body = { ...product, ...change };
    expect(await inject('POST', '/api/add-product?shop=default', body)).toEqual({
      status: 400,
      body: { error },
    });
    const version = before.find((row) => row.shop === 'default' && row.id === 7)!.updated_at;
    expect(await inject('PUT', '/api/edit-product/products/7', { ...body, updated_at: version })).toEqual({
      status: 400,
      body: { error },
    });
    expect(await storedProducts()).toEqual(before);
  });

  it('refuses NUL in a path parameter and in the login fields', async () => {
    expect(await inject('DELETE', '/api/delete-product/pc%00/7')).toEqual({
      status: 400,
      body: { error: `Invalid path parameter "shop": ${NUL}.` },
    });
    expect(await inject('POST', '/api/login', { password: 'x\u0000' })).toEqual({
      status: 400,
      body: { error: `Invalid field "password": ${NUL}.` },
    });
  });

  it('stores text with emoji (paired surrogates) as given', async () => {
    const added = await inject('POST', '/api/add-product?shop=default', { ...product, title: 'Lamp 💡 ✓' });
    expect(added.status).toBe(201);
    const shown = await inject('GET', `/api/products/${added.body.id}?shop=default`);
    expect(shown.body.title).toBe('Lamp 💡 ✓');
    await inject('DELETE', `/api/delete-product/products/${added.body.id}`);
  });

  it('refuses a body with __proto__ or constructor.prototype, and nothing is polluted', async () => {
    const before = await storedProducts();
    const error = 'The body must not use "__proto__" or "constructor.prototype" as a key.';
    for (const payload of [
      `{"__proto__":{"polluted":"yes"},"title":"T","main_category":"M","category":"C"}`,
      `{"title":"T","main_category":"M","category":"C","images":[{"constructor":{"prototype":{"polluted":"yes"}}}]}`,
      `{"\\u005f_proto__":{"polluted":"yes"},"title":"T","main_category":"M","category":"C"}`,
    ]) {
      expect(
        await inject('POST', '/api/add-product?shop=default', payload, {
          'content-type': 'application/json',
        }),
      ).toEqual({ status: 400, body: { error } });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await storedProducts()).toEqual(before);
    // A plain "constructor" key is only data.
    const plain = await inject('POST', '/api/verify-token', '{"token":"x","constructor":"y"}', {
      'content-type': 'application/json',
    });
    expect(plain).toEqual({ status: 200, body: { valid: false } });
  });

  it('says a body that is not a JSON object must be one', async () => {
    for (const [type, payload] of [
      ['application/json', '[]'],
      ['application/json', '"text"'],
      ['text/plain', '{"password":"x"}'],
    ]) {
      expect(await inject('POST', '/api/login', payload, { 'content-type': type! })).toEqual({
        status: 400,
        body: { error: 'The body must be a JSON object.' },
      });
    }
  });

  it.each([
    ['without a boundary', 'multipart/form-data', 'productId=7'],
    ['with an empty boundary', 'multipart/form-data; boundary=', '--\r\n'],
    ['that is garbage', 'multipart/form-data; boundary=xx', 'garbage'],
    [
      'cut off mid-part',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="productId"\r\n\r\n7',
    ],
    [
      'cut off mid-file',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n\x89PNG',
    ],
  ])('answers a multipart body %s with 400 on both upload routes', async (_, type, payload) => {
    const files = imageFiles();
    const error = 'The upload is not a readable multipart/form-data form.';
    for (const url of ['/api/upload-images', '/api/tiptap-upload-image/products/7']) {
      expect(await inject('POST', url, payload, { 'content-type': type })).toEqual({
        status: 400,
        body: { error },
      });
    }
    expect(imageFiles()).toEqual(files);
  });

  it('refuses a multipart field named __proto__', async () => {
    const payload = '--xx\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n7\r\n--xx--\r\n';
    expect(
      await inject('POST', '/api/upload-images', payload, {
        'content-type': 'multipart/form-data; boundary=xx',
      }),
    ).toEqual({ status: 400, body: { error: 'The form has a field name that is not allowed.' } });
  });

  it("answers Fastify's own refusals as { error } without codes or the address", async () => {
    expect(await inject('GET', '/api/products/%ZZ')).toEqual({
      status: 400,
      body: { error: 'The address is not valid: it has a broken percent-encoding.' },
    });
    expect(await inject('GET', `/api/products/${'9'.repeat(500)}`)).toEqual({
      status: 414,
      body: { error: 'A part of the address is too long.' },
    });
    expect(await inject('GET', '/api/nope')).toEqual({
      status: 404,
      body: { error: 'No such endpoint: GET /api/nope.' },
    });
    for (const url of ['/api/%3Cscript%3E', `/api/${'x'.repeat(200)}`, '/api/ürl', '/api/a%00b']) {
      expect(await inject('GET', url)).toEqual({ status: 404, body: { error: 'No such endpoint.' } });
    }
    expect(await inject('POST', '/api/login', '{}', { 'content-type': 'application/xml' })).toEqual({
      status: 415,
      body: { error: 'This endpoint does not accept that content type.' },
    });
  });
});

describe('requests Node cannot parse', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it.each([
    ['garbage', 'NOT HTTP AT ALL\r\n\r\n', 400, 'The request is not valid HTTP.'],
    [
      'headers that are too large',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      431,
      'The request headers are too large.',
    ],
  ])('answers %s with { error }', async (_, request, status, error) => {
    const answer = await raw(request);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error });
  });
});
