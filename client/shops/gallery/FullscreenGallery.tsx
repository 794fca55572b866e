import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from '../../ui/focusTrap.js';
import { Icon } from '../../ui/Icon.js';
import { GalleryImage } from './GalleryImage.js';
import { useSwipe } from './useSwipe.js';
import styles from './ProductGallery.module.css';

interface FullscreenGalleryProps {
  images: readonly string[];
  index: number;
  fading: boolean;
  title: string;
  onNext: () => void;
  onPrev: () => void;
  onClose: () => void;
}

/** The gallery over the whole screen; ArrowLeft, ArrowRight and Escape work (docs/product.md §2). */
export function FullscreenGallery({
  images,
  index,
  fading,
  title,
  onNext,
  onPrev,
  onClose,
}: FullscreenGalleryProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const { handlers } = useSwipe(onNext, onPrev);
  const latest = useRef({ onNext, onPrev, onClose });
  useEffect(() => {
    latest.current = { onNext, onPrev, onClose };
  });

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    rootRef.current?.querySelector<HTMLElement>('button')?.focus();
    // Capture phase on window: these keys belong to the fullscreen view, not to the product modal below.
    const onKey = (event: KeyboardEvent) => {
      const { onNext: next, onPrev: prev, onClose: close } = latest.current;
      const actions: Record<string, () => void> = { ArrowLeft: prev, ArrowRight: next, Escape: close };
      const action = actions[event.key];
      if (action) {
        event.preventDefault();
        event.stopPropagation();
        action();
      } else if (event.key === 'Tab' && rootRef.current) {
        event.stopPropagation();
        trapTab(event, rootRef.current);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      previouslyFocused?.focus({ preventScroll: true });
    };
  }, []);

  return createPortal(
    <div
      ref={rootRef}
      className={styles.fullscreen}
      role="dialog"
      aria-modal="true"
      aria-label={`${title}, fullscreen images`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      {...handlers}
    >
      <button type="button" className={styles.fullClose} onClick={onClose} aria-label="Close fullscreen">
        <Icon name="close" />
      </button>
      <GalleryImage src={images[index] ?? ''} alt={`${title}, image ${index + 1}`} fading={fading} large />
      {images.length > 1 && (
        <>
          <button
            type="button"
            className={`${styles.fullArrow} ${styles.prev}`}
            onClick={onPrev}
            aria-label="Previous image"
          >
            <Icon name="chevronLeft" size={28} />
          </button>
          <button
            type="button"
            className={`${styles.fullArrow} ${styles.next}`}
            onClick={onNext}
            aria-label="Next image"
          >
            <Icon name="chevronRight" size={28} />
          </button>
        </>
      )}
      <span className={styles.fullIndicator} aria-live="polite">
        {index + 1} of {images.length}
      </span>
    </div>,
    document.body,
  );
}
