import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { PreviewItem } from './PreviewItem.js';
import type { PendingImages } from './usePendingImages.js';
import styles from './Images.module.css';

type Control = 'item' | 'left' | 'right';

/**
 * The preview gallery of pending images (docs/product.md §4): dropping a preview on another moves it to that
 * position, dropping it on itself does nothing; keyboard users move images with buttons or Alt+Arrows.
 */
export function PreviewGallery({ pending }: { pending: PendingImages }) {
  const { images, move, remove } = pending;
  const helpId = useId();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterMove = useRef<{ key: string; control: Control } | null>(null);

  // Keep focus on the moved image's control after React reorders the list.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !listRef.current) return;
    focusAfterMove.current = null;
    const selector = (control: Control) => `[data-key="${target.key}"][data-control="${control}"]`;
    const control = listRef.current.querySelector<HTMLElement>(selector(target.control));
    const element =
      control && !control.matches(':disabled')
        ? control
        : listRef.current.querySelector<HTMLElement>(selector('item'));
    element?.focus();
  }, [images]);

  if (images.length === 0) return null;

  const moveImage = (from: number, to: number, control: Control) => {
    const image = images[from];
    if (!image || to < 0 || to >= images.length || from === to) return;
    focusAfterMove.current = { key: image.key, control };
    move(from, to);
    setAnnouncement(`Image moved to position ${to + 1} of ${images.length}.`);
  };

  const dropOn = (event: DragEvent<HTMLUListElement>) => {
    event.preventDefault();
    const item =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-control="item"]') : null;
    const to = item ? images.findIndex((image) => image.key === item.dataset.key) : -1;
    const from = dragFrom ?? Number(event.dataTransfer.getData('text/plain'));
    setDragFrom(null);
    if (to >= 0 && from !== to) moveImage(from, to, 'item');
  };

  return (
    <div className={styles.gallery}>
      <p id={helpId} className={styles.help}>
        Drag an image onto another to change the order, or use the arrow buttons (Alt+Arrow keys on a focused
        image). The first image is the product&apos;s main picture.
      </p>
      <ul
        ref={listRef}
        className={styles.previews}
        aria-label="New images"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
        }}
        onDrop={dropOn}
      >
        {images.map((image, index) => (
          <PreviewItem
            key={image.key}
            image={image}
            index={index}
            helpId={helpId}
            count={images.length}
            dragging={dragFrom === index}
            onMove={moveImage}
            onRemove={remove}
            onDragStart={setDragFrom}
            onDragEnd={() => setDragFrom(null)}
          />
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
