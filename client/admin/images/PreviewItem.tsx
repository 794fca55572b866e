import type { DragEvent, KeyboardEvent } from 'react';
import { Icon } from '../../ui/Icon.js';
import type { PendingImage } from './usePendingImages.js';
import styles from './Images.module.css';

interface PreviewItemProps {
  image: PendingImage;
  index: number;
  count: number;
  /** id of the text explaining how to reorder. */
  helpId: string;
  dragging: boolean;
  onMove: (from: number, to: number, control: 'item' | 'left' | 'right') => void;
  onRemove: (key: string) => void;
  onDragStart: (index: number) => void;
  onDragEnd: () => void;
}

/** One preview of the gallery: draggable, Alt+Arrow keys and buttons move it, a button deletes it. */
export function PreviewItem({
  image,
  index,
  count,
  helpId,
  dragging,
  onMove,
  onRemove,
  onDragStart,
  onDragEnd,
}: PreviewItemProps) {
  const position = index + 1;

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.target !== event.currentTarget || !event.altKey) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      event.preventDefault();
      onMove(index, index - 1, 'item');
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      event.preventDefault();
      onMove(index, index + 1, 'item');
    }
  };

  return (
    <li
      className={`${styles.preview} ${dragging ? styles.dragging : ''}`}
      data-key={image.key}
      data-control="item"
      tabIndex={0}
      aria-label={`Image ${position} of ${count}`}
      aria-describedby={helpId}
      draggable
      onDragStart={(event: DragEvent<HTMLLIElement>) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(index));
        onDragStart(index);
      }}
      onDragEnd={onDragEnd}
      onKeyDown={onKeyDown}
    >
      <img src={image.previewUrl} alt="" className={styles.thumb} draggable={false} />
      <span className={styles.badge} aria-hidden="true">
        {position}
      </span>
      <div className={styles.previewActions}>
        <button
          type="button"
          className={styles.iconButton}
          data-key={image.key}
          data-control="left"
          aria-label={`Move image ${position} left`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1, 'left')}
        >
          <Icon name="chevronLeft" size={16} />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          data-key={image.key}
          data-control="right"
          aria-label={`Move image ${position} right`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1, 'right')}
        >
          <Icon name="chevronRight" size={16} />
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.deleteButton}`}
          aria-label={`Delete image ${position}`}
          onClick={() => onRemove(image.key)}
        >
          <Icon name="close" size={16} />
        </button>
      </div>
    </li>
  );
}
