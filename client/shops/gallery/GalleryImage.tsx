import { useState } from 'react';
import { Icon } from '../../ui/Icon.js';
import styles from './ProductGallery.module.css';

/** One gallery picture that fades out while the next one is chosen, with a placeholder if it fails. */
export function GalleryImage({
  src,
  alt,
  fading,
  large = false,
}: {
  src: string;
  alt: string;
  fading: boolean;
  large?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <span className={styles.missing} role="img" aria-label={alt}>
        <Icon name="image" size={40} />
      </span>
    );
  }
  return (
    <img
      className={`${large ? styles.fullImage : styles.image} ${fading ? styles.fading : ''}`}
      src={src}
      alt={alt}
      width={large ? 1200 : 640}
      height={large ? 1200 : 640}
      draggable={false}
      onError={() => setFailedSrc(src)}
    />
  );
}
