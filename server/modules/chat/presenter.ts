/** Exactly which fields of a chat and of a message leave the server. */
import type { ChatMessage, ChatSummary } from '../../../shared/schemas/chat.js';
import { chatPreview } from '../../../shared/rules/chat.js';
import type { ChatMessageRow } from '../../db/types.js';
import type { ChatListRow } from './repository.js';

export function presentChat(row: ChatListRow, sellerGoogleId: string): ChatSummary {
  return {
    id: row.id,
    product_id: row.product_id,
    store: row.shop,
    title: row.title,
    buyer_name: row.buyer_name,
    buyer_google_id: row.buyer_google_id,
    seller_google_id: sellerGoogleId,
    last_message: chatPreview(row.last_message),
    last_message_time: row.last_message_time,
    has_unread_messages: row.unread_count > 0,
    unread_count: row.unread_count,
  };
}

/** A stored images column that is not a list of strings reads as no images rather than failing the chat. */
function parseImages(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function presentMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    chat_id: row.chat_id,
    sender_google_id: row.sender_google_id,
    content: row.content,
    images: parseImages(row.images),
    timestamp: row.created_at,
  };
}
