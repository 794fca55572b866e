import { useEffect, useId, type ReactNode } from 'react';
import type { ChatClient } from './connection/chatClient.js';
import { useChatSnapshot, useOpenChat } from './connection/useChatClient.js';
import { ChatHeader } from './ChatHeader.js';
import { isSellerViewer, typingText } from './chatRules.js';
import { Composer } from './Composer.js';
import { ConnectionNote } from './ConnectionNote.js';
import { MessageLog } from './MessageLog.js';
import { useChatViewer } from './useChatViewer.js';
import styles from './ConversationView.module.css';

interface ConversationViewProps {
  client: ChatClient;
  chatId: number;
  onBack: () => void;
  headingAs: 'h1' | 'h2';
  headingId?: string;
  actions?: ReactNode;
  /** The view opened with the focus on a window around it: the message box takes it once it shows. */
  focusComposer?: boolean;
}

/**
 * docs/product.md §2 / §4: 'Support Chat' — history, live messages, the other party's typing, the composer.
 * The composer shows once the server has sent the chat's history: a chat that does not exist or is not the
 * user's (/chat/999) gets the server's sentence and no message box.
 */
export function ConversationView({
  client,
  chatId,
  onBack,
  headingAs,
  headingId,
  actions,
  focusComposer = false,
}: ConversationViewProps) {
  const connectionId = useId();
  const snapshot = useChatSnapshot(client);
  const viewer = useChatViewer();
  useOpenChat(client, chatId);
  const chat = snapshot.chats?.find((c) => c.id === chatId);
  const viewerIsSeller = chat ? isSellerViewer(viewer.userId, chat.seller_google_id) : viewer.isSeller;
  const messages = snapshot.histories.get(chatId);
  // This conversation's own refusal first; one that named no chat (e.g. an expired session) too.
  const problem = snapshot.errors.get(chatId) ?? snapshot.error;
  const typing = snapshot.typing.has(chatId);
  const listed = snapshot.chats === null || chat !== undefined;

  useEffect(() => {
    // A chat started a moment ago is not in the list yet: ask again, once.
    if (!listed) client.refreshChats();
  }, [client, chatId, listed]);

  return (
    <>
      <ChatHeader
        title="Support Chat"
        id={headingId}
        subtitle={chat ? (viewerIsSeller ? `${chat.title} · ${chat.buyer_name}` : chat.title) : undefined}
        headingAs={headingAs}
        onBack={onBack}
        actions={actions}
      />
      {messages ? (
        <MessageLog
          messages={messages}
          viewerId={viewer.userId}
          viewerIsSeller={viewerIsSeller}
          typing={typing}
        />
      ) : (
        <p className={styles.note} role={problem ? 'alert' : undefined}>
          {problem ?? 'Loading messages…'}
        </p>
      )}
      <p className={styles.typing} aria-live="polite">
        {typing ? typingText(viewerIsSeller) : ''}
      </p>
      <ConnectionNote connection={snapshot.connection} busy={snapshot.busy} id={connectionId} />
      {messages && (
        <Composer
          key={chatId}
          client={client}
          chatId={chatId}
          online={snapshot.connection === 'online'}
          offlineNoteId={connectionId}
          takeFocus={focusComposer}
        />
      )}
    </>
  );
}
