import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../test/harness.js';

const FORM = '--xx\r\nContent-Disposition: form-data; name="password"\r\n\r\nsecret\r\n--xx--\r\n';

// Multipart forms are taken only by the routes that read one (plugins/multipart.ts says why).
describe.each(TEST_DIALECTS)('multipart forms on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('are refused with a sentence by a route that takes JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      payload: FORM,
    });
    expect({ status: response.statusCode, body: response.json() as unknown }).toEqual({
      status: 415,
      body: { error: 'This endpoint does not accept that content type.' },
    });
  });

  it('still reach the upload routes, which read them', async () => {
    // A form without its fields: the route's own sentence, so the form was parsed as one.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: { ...(await adminHeaders(t)), 'content-type': 'multipart/form-data; boundary=xx' },
      payload: '--xx\r\nContent-Disposition: form-data; name="note"\r\n\r\n1\r\n--xx--\r\n',
    });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).not.toBe('Send the form as multipart/form-data.');
  });
});
