import { chatPreview } from '../../shared/rules/chat.js';
import type { ChatSummary } from '../../shared/schemas/chat.js';
import { formatChatTime } from './chatRules.js';
import styles from './ChatListRow.module.css';

interface ChatListRowProps {
  chat: ChatSummary;
  /** The seller sees who the buyer is (docs/product.md §6). */
  showBuyer: boolean;
  onOpen: (chatId: number) => void;
}

/** One chat in the list: product, buyer (for the seller), last message, time, unread mark. */
export function ChatListRow({ chat, showBuyer, onOpen }: ChatListRowProps) {
  const unread = chat.has_unread_messages || chat.unread_count > 0;
  const preview = chat.last_message.trim() ? chatPreview(chat.last_message) : 'Image';
  return (
    <li className={styles.item}>
      <button
        type="button"
        className={`${styles.row} ${unread ? styles.unread : ''}`}
        onClick={() => onOpen(chat.id)}
      >
        <span className={styles.top}>
          <span className={styles.title}>{chat.title || 'Product'}</span>
          <time className={styles.time} dateTime={chat.last_message_time ?? undefined}>
            {formatChatTime(chat.last_message_time)}
          </time>
        </span>
        {showBuyer && <span className={styles.buyer}>{chat.buyer_name}</span>}
        <span className={styles.bottom}>
          <span className={styles.preview}>{chat.last_message_time ? preview : 'No messages yet'}</span>
          {unread && (
            <span className={styles.mark}>
              <span aria-hidden="true">{chat.unread_count > 0 ? chat.unread_count : ''}</span>
              <span className="visually-hidden">
                {chat.unread_count > 1 ? `, ${chat.unread_count} unread messages` : ', unread'}
              </span>
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
