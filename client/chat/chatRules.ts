/** Pure rules of the chat screens (docs/product.md §4 Chat, §9): list order, unread totals, times. */
import { chatLastMessageText, chatPreview } from '../../shared/rules/chat.js';
import type { ChatMessage, ChatSummary } from '../../shared/schemas/chat.js';

const timeOf = (chat: ChatSummary) => (chat.last_message_time ? Date.parse(chat.last_message_time) : NaN);

/** Newest message first (docs/product.md §4); chats without messages after those with, the newest chat first. */
export function sortChats(chats: readonly ChatSummary[]): ChatSummary[] {
  return [...chats].sort((a, b) => {
    const ta = timeOf(a);
    const tb = timeOf(b);
    if (Number.isNaN(ta) !== Number.isNaN(tb)) return Number.isNaN(ta) ? 1 : -1;
    if (!Number.isNaN(ta) && ta !== tb) return tb - ta;
    return b.id - a.id;
  });
}

/** The toggle's badge: every unread message across the chats. */
export function unreadTotal(chats: readonly ChatSummary[] | null): number {
  if (!chats) return 0;
  return chats.reduce(
    (sum, chat) => sum + (chat.has_unread_messages ? Math.max(chat.unread_count, 1) : 0),
    0,
  );
}

/** The badge text of docs/product.md §2: "+N", capped so it stays inside the round button. */
export function badgeText(count: number): string {
  return count > 99 ? '+99' : `+${count}`;
}

/**
 * A message just sent or received, applied to the list: last message and time, then the order. Only
 * what the message itself says; unread counts come from the server's chatsList / chatUpdated, so a message seen
 * twice (ack and broadcast) never counts twice.
 */
export function applyMessageToList(chats: readonly ChatSummary[], message: ChatMessage): ChatSummary[] {
  if (!chats.some((chat) => chat.id === message.chat_id)) return [...chats];
  return sortChats(
    chats.map((chat) => {
      if (chat.id !== message.chat_id) return chat;
      const current = timeOf(chat);
      if (!Number.isNaN(current) && current > Date.parse(message.timestamp)) return chat;
      return {
        ...chat,
        last_message: chatPreview(chatLastMessageText(message.content, message.images.length)),
        last_message_time: message.timestamp,
      };
    }),
  );
}

/** A chat the viewer has open is read: no unread mark while it is on screen. */
export function markChatRead(chats: readonly ChatSummary[], chatId: number): ChatSummary[] {
  return chats.map((chat) =>
    chat.id === chatId && (chat.has_unread_messages || chat.unread_count > 0)
      ? { ...chat, has_unread_messages: false, unread_count: 0 }
      : chat,
  );
}

/**
 * One chat as the server now sees it (chatUpdated), merged into the list: replaced, or added when new,
 * then the list's order again.
 */
export function mergeChat(chats: readonly ChatSummary[], chat: ChatSummary): ChatSummary[] {
  const known = chats.some((c) => c.id === chat.id);
  const merged = (held: ChatSummary): ChatSummary =>
    // An update computed before a message already shown must not take that last message back.
    timeOf(held) > timeOf(chat)
      ? { ...chat, last_message: held.last_message, last_message_time: held.last_message_time }
      : chat;
  return sortChats(known ? chats.map((c) => (c.id === chat.id ? merged(c) : c)) : [...chats, chat]);
}

/**
 * Messages held and messages received, once each, in the server's order (the id: clocks of two
 * processes may disagree, ids never do). A history that arrives after a newMessage keeps that message.
 */
export function mergeMessages(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of held) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A refusal (chatError) kept where it belongs: with the conversation it named, or as the general one.
 * Returns the new per-chat map and general error.
 */
export function withChatError(
  state: { errors: ReadonlyMap<number, string>; error: string | null },
  refusal: { error: string; chatId?: number },
): { errors: ReadonlyMap<number, string>; error: string | null } {
  if (refusal.chatId === undefined) return { errors: state.errors, error: refusal.error };
  return { errors: new Map(state.errors).set(refusal.chatId, refusal.error), error: state.error };
}

/** Appends a message once: the sender's ack and the room's newMessage both carry it. */
export function appendMessage(messages: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  return mergeMessages(messages, [message]);
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A message's clock time, 24-hour "14:05", in the viewer's time zone. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The list's time: the clock today, "Mar 5" earlier this year, "Mar 5, 2024" before. */
export function formatChatTime(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === now.getFullYear();
  if (sameYear && date.getMonth() === now.getMonth() && date.getDate() === now.getDate()) {
    return formatMessageTime(iso);
  }
  const day = `${MONTHS[date.getMonth()]} ${date.getDate()}`;
  return sameYear ? day : `${day}, ${date.getFullYear()}`;
}

/** docs/product.md §5: a message needs non-blank text or at least one image. */
export function canSend(text: string, imageCount: number): boolean {
  return text.trim() !== '' || imageCount > 0;
}

/** Who the viewer is in the chat (docs/product.md §6: the seller is told by the chat's seller_google_id). */
export function isSellerViewer(viewerId: string, sellerId: string | null | undefined): boolean {
  return !!sellerId && viewerId === sellerId;
}

/** docs/product.md §4's indicator names the other party. */
export function typingText(viewerIsSeller: boolean): string {
  return viewerIsSeller ? 'Buyer is typing...' : 'Seller is typing...';
}
