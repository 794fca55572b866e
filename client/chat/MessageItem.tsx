import type { ChatMessage } from '../../shared/schemas/chat.js';
import { ChatImage } from './ChatImage.js';
import { formatMessageTime } from './chatRules.js';
import styles from './MessageItem.module.css';

interface MessageItemProps {
  message: ChatMessage;
  own: boolean;
  /** Who wrote it, for screen readers: You, Seller or Buyer. */
  who: string;
  onMediaLoad: () => void;
}

/** One message: the viewer's own on the right, the other party's on the left. Text is plain text. */
export function MessageItem({ message, own, who, onMediaLoad }: MessageItemProps) {
  return (
    <div className={`${styles.message} ${own ? styles.own : styles.other}`}>
      <span className="visually-hidden">{who}:</span>
      {message.images.length > 0 && (
        <div className={styles.images}>
          {message.images.map((path) => (
            <ChatImage key={path} path={path} onLoad={onMediaLoad} />
          ))}
        </div>
      )}
      {message.content && <p className={styles.text}>{message.content}</p>}
      <time className={styles.time} dateTime={message.timestamp}>
        {formatMessageTime(message.timestamp)}
      </time>
    </div>
  );
}
