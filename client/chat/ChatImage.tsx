import { useState } from 'react';
import { ModalShell } from '../ui/ModalShell.js';
import { useChatImageUrl } from './api/useChatImageUrl.js';
import styles from './ChatImage.module.css';

/** An image in a message, fetched with the buyer's token; a click shows it large. */
export function ChatImage({ path, onLoad }: { path: string; onLoad: () => void }) {
  const image = useChatImageUrl(path);
  const [enlarged, setEnlarged] = useState(false);

  if (image.status === 'loading')
    return <span className={styles.placeholder} aria-label="Loading image" role="img" />;
  if (image.status === 'error') return <span className={styles.failed}>Image unavailable</span>;
  return (
    <>
      <button
        type="button"
        className={styles.thumb}
        onClick={() => setEnlarged(true)}
        aria-label="Enlarge image"
      >
        <img src={image.url} alt="" onLoad={onLoad} />
      </button>
      {enlarged && (
        <ModalShell label="Image from the chat" onClose={() => setEnlarged(false)}>
          <img className={styles.large} src={image.url} alt="Image from the chat, enlarged" />
        </ModalShell>
      )}
    </>
  );
}
