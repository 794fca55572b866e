/**
 * A buyer whose message the busy server turned away (issue 21): the browser says the chat is busy,
 * sends the same message again after the wait the server asked for, and the seller gets it once. The
 * server's busy answer is the one its writer gives past CHAT_MAX_PENDING_MESSAGES (capacity.test.ts
 * makes it for real); here the test answers the first try with it on the buyer's own socket, since
 * filling the shared journey server would slow every other journey.
 */
import { expect, test } from '@playwright/test';
import type { SignInResponse } from '../shared/schemas/buying.js';
import type { SendMessageEvent } from '../shared/schemas/chat.js';
import { demoToken, openBoxProduct, SELLER_SUB, signedInPage } from './support/chat.js';
import { lookAt } from './support/page.js';

/** Long enough to look at the busy screen (three widths, both themes, axe) before the retry. */
const RETRY_AFTER_MS = 10_000;
const BUSY =
  'The chat is busy right now and could not take your message yet. It will be sent again in a moment.';

test('a message the busy server turned away is sent again after the wait, and arrives once', async ({
  browser,
  request,
}) => {
  const product = await openBoxProduct(request);
  const stamp = Date.now().toString(36);
  const signIn = await request.post('/api/auth/demo', {
    data: { name: `Bea Busy ${stamp}`, email: `bea-${stamp}@example.com` },
  });
  expect(signIn.ok()).toBe(true);
  const { token, user } = (await signIn.json()) as SignInResponse;
  const started = await request.post('/api/chats', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      productId: product.id,
      title: product.title,
      buyer_name: user.name,
      store: 'ayz',
      buyerGoogleId: user.sub,
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { id: chatId } = (await started.json()) as { id: number };

  const seller = await signedInPage(
    browser,
    await demoToken(request, { name: 'Sam Seller', email: 'seller@example.com', sub: SELLER_SUB }),
  );
  await seller.goto(`/chat/${chatId}`);
  const sellerLog = seller.getByRole('log', { name: 'Messages' });
  await expect(sellerLog).toContainText('No messages yet.', { timeout: 20_000 });

  // The buyer's frames pass through the test: the first try of the message is answered busy here
  // (socket.io's ack, '43<id>[…]'), as the server answers when it has no room; later tries go through.
  const buyer = await signedInPage(browser, token);
  const tries: SendMessageEvent[] = [];
  let answeredBusyAt = 0;
  await buyer.routeWebSocket(/\/socket\.io\//, (page) => {
    const server = page.connectToServer();
    server.onMessage((frame) => page.send(frame));
    page.onMessage((frame) => {
      const send = typeof frame === 'string' ? /^42(\d+)\["sendMessage",(.*)\]$/s.exec(frame) : null;
      if (!send) return server.send(frame);
      const event = JSON.parse(send[2]!) as SendMessageEvent;
      tries.push(event);
      if (tries.length > 1) return server.send(frame);
      answeredBusyAt = Date.now();
      page.send(`43${send[1]}${JSON.stringify([{ ok: false, error: BUSY, retryAfter: RETRY_AFTER_MS }])}`);
    });
  });
  await buyer.goto(`/chat/${chatId}`);
  const box = buyer.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeVisible({ timeout: 20_000 });
  await box.fill('Is it still boxed?');
  await box.press('Enter');

  // Told calmly, not as an error; the message is not lost meanwhile.
  await expect(buyer.getByRole('status').filter({ hasText: 'The chat is busy — retrying…' })).toBeVisible();
  await expect(buyer.getByRole('alert')).toHaveCount(0);
  await lookAt(buyer, 'body', 'chat-busy');
  await expect(buyer.getByRole('status').filter({ hasText: 'The chat is busy — retrying…' })).toBeVisible();
  // Sent again by itself after the wait, with the same id: the seller gets it once.
  await expect(sellerLog.getByText('Is it still boxed?', { exact: true })).toHaveCount(1, {
    timeout: 20_000,
  });
  expect(tries).toHaveLength(2);
  expect(tries[1]!.clientMessageId).toBe(tries[0]!.clientMessageId);
  expect(Date.now() - answeredBusyAt).toBeGreaterThanOrEqual(RETRY_AFTER_MS);
  await expect(
    buyer.getByRole('log', { name: 'Messages' }).getByText('Is it still boxed?', { exact: true }),
  ).toHaveCount(1);
  await expect(buyer.getByRole('status').filter({ hasText: 'The chat is busy — retrying…' })).toHaveCount(0);
  await expect(box).toHaveValue('');
});
