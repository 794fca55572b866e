import { Icon } from '../../ui/Icon.js';
import styles from './Images.module.css';

/** A multiple image file picker (image files only, docs/product.md §5) styled as a button; `label` names it. */
export function ImagePicker({ label, onFiles }: { label: string; onFiles: (files: File[]) => void }) {
  return (
    <label className={styles.picker}>
      <input
        type="file"
        accept="image/*"
        multiple
        className="visually-hidden"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []).filter((file) => file.type.startsWith('image/'));
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Icon name="image" size={18} />
      <span>{label}</span>
    </label>
  );
}
