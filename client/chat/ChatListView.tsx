import type { ReactNode } from 'react';
import type { ChatSnapshot } from './connection/chatClient.js';
import { ChatHeader } from './ChatHeader.js';
import { ChatListRow } from './ChatListRow.js';
import { ConnectionNote } from './ConnectionNote.js';
import styles from './ChatListView.module.css';

interface ChatListViewProps {
  snapshot: ChatSnapshot;
  viewerIsSeller: boolean;
  onOpen: (chatId: number) => void;
  headingAs: 'h1' | 'h2';
  headingId?: string;
  actions?: ReactNode;
}

/** docs/product.md §2: 'Your chats', newest first, or 'No active chats.'; 'Reconnecting…' after a drop. */
export function ChatListView({
  snapshot,
  viewerIsSeller,
  onOpen,
  headingAs,
  headingId,
  actions,
}: ChatListViewProps) {
  const { chats } = snapshot;
  return (
    <>
      <ChatHeader title="Your chats" id={headingId} headingAs={headingAs} actions={actions} />
      <ConnectionNote connection={snapshot.connection} busy={snapshot.busy} />
      <div className={styles.body}>
        {chats === null ? (
          <p className={styles.note}>
            {snapshot.connection === 'connecting' ? 'Connecting…' : 'Loading chats…'}
          </p>
        ) : chats.length === 0 ? (
          <p className={styles.note}>No active chats.</p>
        ) : (
          <ul className={styles.list}>
            {chats.map((chat) => (
              <ChatListRow key={chat.id} chat={chat} showBuyer={viewerIsSeller} onOpen={onOpen} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
