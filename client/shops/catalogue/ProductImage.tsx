import { useState } from 'react';
import { Icon } from '../../ui/Icon.js';
import styles from './ProductImage.module.css';

interface ProductImageProps {
  src: string;
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  size?: number;
  eager?: boolean;
}

/** A square product picture, lazy-loaded, with a quiet placeholder if it cannot load. */
export function ProductImage({ src, alt, size = 320, eager = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
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
        alt={alt}
        width={size}
        height={size}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
