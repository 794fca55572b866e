import type { TransferProgress } from '../endpoints/sendWithProgress.js';
import styles from './UploadProgress.module.css';

interface UploadProgressProps {
  /** What is being sent, e.g. "Uploading 3 images". */
  label: string;
  progress: TransferProgress;
  onCancel: () => void;
  /** Inside an overlay that covers the form: Cancel takes the focus, the only control left to use. */
  focusCancel?: boolean;
}

/** A running upload: a labelled progress bar with the percentage, and a Cancel button. */
export function UploadProgress({ label, progress, onCancel, focusCancel = false }: UploadProgressProps) {
  const percent =
    progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : null;
  return (
    <div className={styles.upload}>
      <progress
        className={styles.bar}
        aria-label={label}
        max={100}
        {...(percent === null ? {} : { value: percent })}
      />
      {/* The label is announced once; the bar carries the percent for whoever asks, unannounced. */}
      <span className={styles.label}>
        <span role="status">{label}</span>
        <span aria-hidden="true">{percent === null ? '…' : ` ${percent}%`}</span>
      </span>
      <button type="button" className={styles.cancel} onClick={onCancel} autoFocus={focusCancel}>
        Cancel
      </button>
    </div>
  );
}
