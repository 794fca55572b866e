import { Icon } from '../../ui/Icon.js';
import styles from './ProductGallery.module.css';

/** In place of the gallery for a product without pictures: a quiet placeholder, nothing to page or enlarge. */
export function NoPictures({ title }: { title: string }) {
  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <span className={styles.missing} role="img" aria-label={`${title}, no pictures yet`}>
          <Icon name="image" size={40} />
        </span>
      </div>
    </div>
  );
}
