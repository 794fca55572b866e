import { useState } from 'react';
import { Icon } from '../../ui/Icon.js';
import styles from './ProductImage.module.css';

/** How the first row's pictures load: the first visible row first, everything else when scrolled near. */
export type ImagePriority = 'high' | 'eager' | 'lazy';

interface ProductImageProps {
  /** Null for a product without pictures: the placeholder, and no request. */
  src: string | null;
  /** Smaller copies by width (`url 320w, …`), so a phone fetches only what its screen shows. */
  srcSet?: string;
  /** How wide the picture is drawn, for choosing from srcSet. */
  sizes?: string;
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  size?: number;
  priority?: ImagePriority;
}

/** A square product picture, lazy-loaded unless above the fold, with a quiet placeholder if it cannot load. */
export function ProductImage({ src, srcSet, sizes, alt, size = 320, priority = 'lazy' }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src === null || failedSrc === src) {
    return (
      <div className={styles.frame} role="img" aria-label={alt}>
        <span className={styles.placeholder}>
          <Icon name="image" size={32} />
        </span>
      </div>
    );
  }
  return (
    <div className={styles.frame}>
      <img
        className={styles.image}
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={alt}
        width={size}
        height={size}
        loading={priority === 'lazy' ? 'lazy' : 'eager'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        decoding={priority === 'high' ? undefined : 'async'}
        draggable={false}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
