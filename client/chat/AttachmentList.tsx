import { Icon } from '../ui/Icon.js';
import type { Attachment } from './useAttachments.js';
import styles from './AttachmentList.module.css';

/** The images waiting to be sent, each with a remove button. */
export function AttachmentList({ items, onRemove }: { items: Attachment[]; onRemove: (id: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Images to send">
      {items.map((item, index) => (
        <li key={item.id} className={styles.item}>
          <img src={item.preview} alt={`Image ${index + 1}: ${item.file.name}`} />
          <button
            type="button"
            className={styles.remove}
            onClick={() => onRemove(item.id)}
            aria-label={`Remove image ${index + 1}`}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}
