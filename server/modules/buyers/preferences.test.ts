import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from './require-buyer.js';
import { buyerHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

describe.each(TEST_DIALECTS)('GET and PUT /api/account/preferences on %s', (dialect) => {
  let t: TestApp;
  let alice: { authorization: string };
  let bob: { authorization: string };

  const get = (headers?: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/account/preferences', ...(headers ? { headers } : {}) });
  const put = (payload: unknown, headers?: { authorization: string }) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/preferences',
      payload: payload as Record<string, unknown>,
      ...(headers ? { headers } : {}),
    });
  const stored = (id: string) =>
    t.handle.db.selectFrom('users').select('chat_emails').where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await buyerHeaders(t, { sub: 'alice' });
    bob = await buyerHeaders(t, { sub: 'bob' });
  });
  afterAll(() => t.close());

  it('has chat e-mails on by default, and keeps what the buyer chooses', async () => {
    expect((await get(alice)).json()).toEqual({ chat_emails: true });

    const off = await put({ chat_emails: false }, alice);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ chat_emails: false });
    expect((await get(alice)).json()).toEqual({ chat_emails: false });
    expect(await stored('alice')).toEqual({ chat_emails: 0 });

    expect((await put({ chat_emails: true }, alice)).json()).toEqual({ chat_emails: true });
    expect(await stored('alice')).toEqual({ chat_emails: 1 });
  });

  it("changes the signed-in buyer's own only", async () => {
    await put({ chat_emails: true }, alice);
    expect((await put({ chat_emails: false }, bob)).json()).toEqual({ chat_emails: false });
    expect((await get(alice)).json()).toEqual({ chat_emails: true });
    expect(await stored('alice')).toEqual({ chat_emails: 1 });
    expect(await stored('bob')).toEqual({ chat_emails: 0 });
  });

  it('refuses a body that is not { chat_emails: boolean }, with a sentence naming the field', async () => {
    await put({ chat_emails: false }, alice);
    for (const body of [{ chat_emails: 'no' }, { chat_emails: 0 }, {}, { chat_emails: null }]) {
      const response = await put(body, alice);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/chat_emails/);
    }
    expect(await stored('alice')).toEqual({ chat_emails: 0 });
  });

  it('needs a signed-in buyer', async () => {
    for (const response of [
      await get(),
      await put({ chat_emails: false }),
      await get({ authorization: 'Bearer not-a-token' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: SIGN_IN_REQUIRED });
    }
    expect(await stored('bob')).toEqual({ chat_emails: 0 });
  });

  it("stores the choice even when the buyer's row went missing under a valid token", async () => {
    const carol = await buyerHeaders(t, { sub: 'carol' });
    await t.handle.db.deleteFrom('users').where('id', '=', 'carol').execute();
    expect((await get(carol)).json()).toEqual({ chat_emails: true });
    expect((await put({ chat_emails: false }, carol)).json()).toEqual({ chat_emails: false });
    expect(await stored('carol')).toEqual({ chat_emails: 0 });
  });
});
