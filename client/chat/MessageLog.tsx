import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../../shared/schemas/chat.js';
import { MessageItem } from './MessageItem.js';
import styles from './MessageLog.module.css';

interface MessageLogProps {
  messages: ChatMessage[];
  viewerId: string;
  viewerIsSeller: boolean;
  typing: boolean;
}

/** How close to the bottom still counts as "reading the newest" when an image grows the log. */
const NEAR_BOTTOM_PX = 120;

/** The messages, oldest first, kept scrolled to the newest. */
export function MessageLog({ messages, viewerId, viewerIsSeller, typing }: MessageLogProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [last, typing]);

  const onMediaLoad = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    if (log.scrollHeight - log.scrollTop - log.clientHeight < NEAR_BOTTOM_PX * 3)
      log.scrollTop = log.scrollHeight;
  }, []);

  return (
    // Focusable so keyboard users can scroll it (a scrollable region).
    <div ref={logRef} className={styles.log} role="log" aria-label="Messages" tabIndex={0}>
      {messages.length === 0 ? (
        <p className={styles.empty}>No messages yet.</p>
      ) : (
        messages.map((message) => {
          const own = message.sender_google_id === viewerId;
          const who = own ? 'You' : viewerIsSeller ? 'Buyer' : 'Seller';
          return (
            <MessageItem key={message.id} message={message} own={own} who={who} onMediaLoad={onMediaLoad} />
          );
        })
      )}
    </div>
  );
}
