import type { RunningUpload } from '../../ui/useUploadProgress.js';
import { UploadProgress } from '../../ui/UploadProgress.js';
import styles from './BusyOverlay.module.css';

interface BusyOverlayProps {
  message: string;
  /** While images are being sent: their progress bar and Cancel. */
  upload?: RunningUpload | undefined;
}

/** The full-screen overlay with a spinner shown while a product is saved (docs/product.md §2). */
export function BusyOverlay({ message, upload }: BusyOverlayProps) {
  return (
    <div className={styles.overlay} role="alert" aria-busy="true">
      <div className={styles.panel}>
        <span className={styles.spinner} aria-hidden="true" />
        <p className={styles.message}>{message}</p>
        {upload?.progress && (
          <UploadProgress
            label="Uploading images"
            progress={upload.progress}
            onCancel={upload.cancel}
            focusCancel
          />
        )}
      </div>
    </div>
  );
}
