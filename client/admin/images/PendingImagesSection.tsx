import { ImagePicker } from './ImagePicker.js';
import { countOf } from '../../ui/plural.js';
import { LinkImporter } from './LinkImporter.js';
import { PreviewGallery } from './PreviewGallery.js';
import type { PendingImages } from './usePendingImages.js';
import styles from './Images.module.css';

/** New images: the links textarea, the file picker and the preview gallery. */
export function PendingImagesSection({
  pending,
  pickerLabel,
}: {
  pending: PendingImages;
  pickerLabel: string;
}) {
  return (
    <section className={styles.section} aria-label="New images">
      <LinkImporter onImages={pending.add} />
      <div className={styles.pickerRow}>
        <ImagePicker label={pickerLabel} onFiles={pending.add} />
        <span className={styles.count} aria-live="polite">
          {countOf(pending.images.length, 'new image')}
        </span>
      </div>
      <PreviewGallery pending={pending} />
    </section>
  );
}
