/** What the chat journeys share: demo sign-ins, a product to chat about, a browser of a user's own. */
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import type { CatalogPage } from '../../shared/schemas/catalog.js';
import type { ChatSummary, ClientToServerEvents, ServerToClientEvents } from '../../shared/schemas/chat.js';

export const SELLER_SUB = 'e2e-seller'; // SELLER_USER_ID in playwright.config.ts

export async function demoToken(
  request: APIRequestContext,
  data: { name: string; email: string; sub?: string },
): Promise<string> {
  const response = await request.post('/api/auth/demo', { data });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** An open-box product other journeys do not look at (from the middle of the list). */
export async function openBoxProduct(request: APIRequestContext) {
  const response = await request.get('/api/catalog?shop=ayz&pageSize=100');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as CatalogPage;
  const openBox = items.filter((item) => item.kind === 'openbox');
  const product = openBox[Math.floor(openBox.length / 2)];
  if (!product) throw new Error('no open-box product');
  return product;
}

/**
 * Marks every chat of the token's user read, over the socket as a browser would: a retry of a
 * journey then starts from no unread messages, whatever the failed attempt left behind.
 */
export async function markAllChatsRead(baseURL: string, token: string, userId: string): Promise<void> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseURL, {
    auth: { token },
    transports: ['websocket'],
  });
  try {
    const chats = await new Promise<ChatSummary[]>((resolve, reject) => {
      socket.once('chatsList', resolve);
      socket.once('connect_error', reject);
      socket.on('connect', () => socket.emit('getChats', { participantId: userId }));
    });
    for (const chat of chats.filter((summary) => summary.unread_count > 0)) {
      const read = new Promise<void>((resolve) =>
        socket.on('chatUpdated', (summary) => summary.id === chat.id && resolve()),
      );
      socket.emit('markAsRead', { chatId: chat.id });
      await read;
    }
  } finally {
    socket.disconnect();
  }
}

/** A browser of its own, signed in with the token (localStorage `auth_token`, as after a sign-in). */
export async function signedInPage(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);
  return context.newPage();
}
