/**
 * Trying the seller's side (issue 20): signed out, /chats shows the demo sign-in, whose 'Sign in as the
 * seller' (offered because the server runs outside production with SELLER_USER_ID set) signs in as the
 * seller without anyone typing an id. The seller's list then shows a buyer's chat with the buyer's name,
 * the conversation opens, and the seller's answer reaches the buyer.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { CatalogPage } from '../shared/schemas/catalog.js';
import type {
  ChatMessage,
  ChatSummary,
  ClientToServerEvents,
  ServerToClientEvents,
} from '../shared/schemas/chat.js';
import { collectDialogs, lookAt } from './support/page.js';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function signedIn(request: APIRequestContext, url: string, data?: object) {
  const response = await request.post(url, data ? { data } : {});
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { token: string; user: { sub: string } };
}

async function connected(baseURL: string, token: string): Promise<ChatSocket> {
  const socket: ChatSocket = io(baseURL, { auth: { token }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

test("'Sign in as the seller' opens the seller's side: a buyer's chat, answered", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const buyerName = `Ines Buyer ${stamp}`;
  const question = `Does unit ${stamp} come with its charger?`;

  // A buyer asks about an open-box product (set up through the real API and socket).
  const { items } = (await (await request.get('/api/catalog?shop=ayz&pageSize=100')).json()) as CatalogPage;
  const product = items.filter((item) => item.kind === 'openbox').at(-1)!;
  const buyer = await signedIn(request, '/api/auth/demo', {
    name: buyerName,
    email: `ines-${stamp}@example.com`,
  });
  const started = await request.post('/api/chats', {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: {
      productId: product.id,
      store: 'ayz',
      title: product.title,
      buyer_name: buyerName,
      buyerGoogleId: buyer.user.sub,
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const chatId = ((await started.json()) as { id: number }).id;
  const buyerSocket = await connected(baseURL!, buyer.token);
  // The buyer keeps the conversation open, as the floating chat would, to receive the answer.
  const history = new Promise((resolve) => buyerSocket.once('chatHistory', resolve));
  buyerSocket.emit('joinChat', { chatId });
  await history;
  // Read at once by the seller over the API: the chat journey, which may run meanwhile, counts the
  // seller's unread messages.
  const sellerApi = await signedIn(request, '/api/auth/demo/seller');
  const sellerSocket = await connected(baseURL!, sellerApi.token);
  try {
    const ack = await buyerSocket.emitWithAck('sendMessage', {
      chatId,
      senderGoogleId: buyer.user.sub,
      content: question,
      images: [],
    });
    expect(ack.ok).toBe(true);
    const read = new Promise<ChatSummary>((resolve) =>
      sellerSocket.on(
        'chatUpdated',
        (chat) => chat.id === chatId && chat.unread_count === 0 && resolve(chat),
      ),
    );
    sellerSocket.emit('markAsRead', { chatId });
    await read;
  } finally {
    sellerSocket.disconnect();
  }

  try {
    const dialogs = collectDialogs(page);
    await page.goto('/chats');
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    const asSeller = page.getByRole('button', { name: 'Sign in as the seller' });
    await expect(asSeller).toBeVisible();
    await lookAt(page, 'main', 'seller-sign-in');
    await page.setViewportSize({ width: 1280, height: 800 });

    await asSeller.click();
    const list = page.getByRole('main');
    await expect(list.getByRole('heading', { name: 'Your chats', level: 1 })).toBeVisible();
    // The buyer's name is in the row only for the seller.
    const row = list.getByRole('listitem').filter({ hasText: buyerName });
    await expect(row).toContainText(question);
    await expect(row).toContainText(product.title);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^ey/);

    await row.getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log).toContainText(question);
    const answered = new Promise<ChatMessage>((resolve) =>
      buyerSocket.on(
        'newMessage',
        (message) => message.sender_google_id !== buyer.user.sub && resolve(message),
      ),
    );
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Yes, the charger is in the box.');
    await box.press('Enter');
    await expect(log).toContainText('Yes, the charger is in the box.');
    expect((await answered).content).toBe('Yes, the charger is in the box.');
    expect(dialogs).toEqual([]);
  } finally {
    buyerSocket.disconnect();
  }
});
