import { useState } from 'react';
import { Icon } from '../../ui/Icon.js';
import { FullscreenGallery } from './FullscreenGallery.js';
import { GalleryImage } from './GalleryImage.js';
import { useGallery } from './useGallery.js';
import { useSwipe } from './useSwipe.js';
import styles from './ProductGallery.module.css';

/** Prev/next arrows (hidden on phones), swipe, wrap-around, 'n of total', click for fullscreen (docs/product.md §2). */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const { index, fading, next, prev } = useGallery(images.length);
  const { handlers, swiped } = useSwipe(next, prev);
  const [fullscreen, setFullscreen] = useState(false);
  const count = images.length;
  const openFullscreen = () => {
    if (swiped.current) swiped.current = false;
    else setFullscreen(true);
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.stage} {...handlers}>
        <button
          type="button"
          className={styles.imageButton}
          onClick={openFullscreen}
          aria-label={`View image ${index + 1} of ${count} fullscreen`}
        >
          <GalleryImage src={images[index] ?? ''} alt={`${title}, image ${index + 1}`} fading={fading} />
          <span className={styles.zoomHint} aria-hidden="true">
            <Icon name="expand" size={16} />
          </span>
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              className={`${styles.arrow} ${styles.prev}`}
              onClick={prev}
              aria-label="Previous image"
            >
              <Icon name="chevronLeft" />
            </button>
            <button
              type="button"
              className={`${styles.arrow} ${styles.next}`}
              onClick={next}
              aria-label="Next image"
            >
              <Icon name="chevronRight" />
            </button>
          </>
        )}
        <span className={styles.indicator} data-testid="gallery-indicator" aria-live="polite">
          {index + 1} of {count}
        </span>
      </div>
      {fullscreen && (
        <FullscreenGallery
          images={images}
          index={index}
          fading={fading}
          title={title}
          onNext={next}
          onPrev={prev}
          onClose={() => setFullscreen(false)}
        />
      )}
    </div>
  );
}
