import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatSummary } from '../../shared/schemas/chat.js';
import {
  appendMessage,
  applyMessageToList,
  badgeText,
  canSend,
  formatChatTime,
  formatMessageTime,
  isSellerViewer,
  markChatRead,
  mergeChat,
  mergeMessages,
  sortChats,
  withChatError,
  typingText,
  unreadTotal,
} from './chatRules.js';

const chat = (id: number, time: string | null, unread = 0): ChatSummary => ({
  id,
  product_id: id,
  store: 'ayz',
  title: `Product ${id}`,
  buyer_name: 'Ann',
  buyer_google_id: 'buyer',
  seller_google_id: 'seller',
  last_message: '',
  last_message_time: time,
  has_unread_messages: unread > 0,
  unread_count: unread,
});

const message = (id: number, chatId: number, timestamp: string, content = 'hi'): ChatMessage => ({
  id,
  chat_id: chatId,
  sender_google_id: 'buyer',
  content,
  images: [],
  timestamp,
});

describe('chat list order', () => {
  it('puts the newest message first, chats without messages last (newest chat first)', () => {
    const list = [
      chat(1, '2025-01-01T10:00:00Z'),
      chat(2, null),
      chat(3, '2025-01-02T10:00:00Z'),
      chat(4, null),
    ];
    expect(sortChats(list).map((c) => c.id)).toEqual([3, 1, 4, 2]);
  });

  it('moves a chat to the top when a message arrives, and never goes back in time', () => {
    const list = sortChats([chat(1, '2025-01-01T10:00:00Z'), chat(2, '2025-01-02T10:00:00Z')]);
    const next = applyMessageToList(list, message(9, 1, '2025-01-03T10:00:00Z', 'new'));
    expect(next.map((c) => c.id)).toEqual([1, 2]);
    expect(next[0]).toMatchObject({ last_message: 'new', last_message_time: '2025-01-03T10:00:00Z' });
    const stale = applyMessageToList(next, message(8, 1, '2025-01-01T09:00:00Z', 'old'));
    expect(stale[0]?.last_message).toBe('new');
  });

  it("shows an image-only message with the server's label, and long text cut as the server cuts it", () => {
    const list = [chat(1, null)];
    const image = { ...message(5, 1, '2025-01-03T10:00:00Z', ''), images: ['/api/chats/1/images/a.webp'] };
    expect(applyMessageToList(list, image)[0]?.last_message).toBe('Image');
    const two = { ...image, id: 6, images: ['a', 'b'], timestamp: '2025-01-03T11:00:00Z' };
    expect(applyMessageToList(list, two)[0]?.last_message).toBe('2 images');
    const long = message(7, 1, '2025-01-03T12:00:00Z', 'x'.repeat(60));
    expect(applyMessageToList(list, long)[0]?.last_message).toBe(`${'x'.repeat(47)}…`);
  });

  it('merges a per-chat update: replaced or added, reordered, never taking back a newer last message', () => {
    const list = sortChats([chat(1, '2025-01-01T10:00:00Z', 1), chat(2, '2025-01-02T10:00:00Z')]);
    const updated = mergeChat(list, { ...chat(1, '2025-01-03T10:00:00Z', 2), last_message: 'new' });
    expect(updated.map((c) => [c.id, c.unread_count])).toEqual([
      [1, 2],
      [2, 0],
    ]);
    expect(mergeChat(updated, chat(3, '2025-01-04T10:00:00Z')).map((c) => c.id)).toEqual([3, 1, 2]);
    const stale = mergeChat(updated, { ...chat(1, '2025-01-01T10:00:00Z'), last_message: 'old' });
    expect(stale.find((c) => c.id === 1)).toMatchObject({ last_message: 'new', unread_count: 0 });
  });

  it('leaves the list alone for a chat it does not hold', () => {
    const list = [chat(1, null)];
    expect(applyMessageToList(list, message(1, 7, '2025-01-01T00:00:00Z'))).toEqual(list);
  });
});

describe('unread counts', () => {
  it('sums unread messages, counting a flagged chat without a count as one', () => {
    expect(unreadTotal(null)).toBe(0);
    expect(unreadTotal([chat(1, null, 2), chat(2, null, 3), chat(3, null)])).toBe(5);
    expect(unreadTotal([{ ...chat(1, null), has_unread_messages: true }])).toBe(1);
  });

  it('shows the badge as +N, capped at +99', () => {
    expect(badgeText(3)).toBe('+3');
    expect(badgeText(250)).toBe('+99');
  });

  it('clears the open chat only', () => {
    const next = markChatRead([chat(1, null, 2), chat(2, null, 1)], 1);
    expect(next.map((c) => c.unread_count)).toEqual([0, 1]);
    expect(next[0]?.has_unread_messages).toBe(false);
  });
});

describe('messages', () => {
  it('appends once, in time order', () => {
    const first = message(1, 1, '2025-01-01T10:00:00Z');
    const second = message(2, 1, '2025-01-01T10:01:00Z');
    expect(appendMessage(appendMessage([first], second), second).map((m) => m.id)).toEqual([1, 2]);
    expect(appendMessage([second], first).map((m) => m.id)).toEqual([1, 2]);
  });

  it('keeps a refusal with the conversation it named, and one naming none as the general error', () => {
    const empty = { errors: new Map<number, string>(), error: null };
    const one = withChatError(empty, { error: 'not yours', chatId: 4 });
    expect([...one.errors]).toEqual([[4, 'not yours']]);
    expect(one.error).toBeNull();
    const general = withChatError(one, { error: 'session expired' });
    expect(general).toEqual({ errors: one.errors, error: 'session expired' });
    expect(empty.errors.size).toBe(0);
  });

  it('merges a history with the messages already held, once each, in id order whatever the clocks say', () => {
    const live = message(12, 1, '2025-01-01T09:00:00Z', 'arrived before the history');
    const history = [message(10, 1, '2025-01-01T10:00:00Z'), message(11, 1, '2025-01-01T08:00:00Z')];
    expect(mergeMessages([live], history).map((m) => m.id)).toEqual([10, 11, 12]);
    expect(mergeMessages(history, [...history, live]).map((m) => m.id)).toEqual([10, 11, 12]);
    expect(appendMessage([history[0]!], history[1]!).map((m) => m.id)).toEqual([10, 11]);
  });

  it('sends non-blank text or at least one image (docs/product.md §5)', () => {
    expect(canSend('  \n ', 0)).toBe(false);
    expect(canSend('', 1)).toBe(true);
    expect(canSend(' hi ', 0)).toBe(true);
  });

  it('names the other party as typing', () => {
    expect(typingText(true)).toBe('Buyer is typing...');
    expect(typingText(false)).toBe('Seller is typing...');
    expect(isSellerViewer('s', 's')).toBe(true);
    expect(isSellerViewer('s', null)).toBe(false);
    expect(isSellerViewer('b', 's')).toBe(false);
  });
});

describe('times', () => {
  const now = new Date(2025, 2, 5, 18, 30);

  it('shows the clock for today, the day earlier this year, and the year before that', () => {
    expect(formatChatTime(new Date(2025, 2, 5, 9, 7).toISOString(), now)).toBe('09:07');
    expect(formatChatTime(new Date(2025, 0, 31, 23, 0).toISOString(), now)).toBe('Jan 31');
    expect(formatChatTime(new Date(2024, 2, 5, 9, 7).toISOString(), now)).toBe('Mar 5, 2024');
  });

  it('shows nothing for a missing or unreadable time', () => {
    expect(formatChatTime(null, now)).toBe('');
    expect(formatChatTime('not a date', now)).toBe('');
    expect(formatMessageTime('nope')).toBe('');
    expect(formatMessageTime(new Date(2025, 0, 1, 0, 5).toISOString())).toBe('00:05');
  });
});
