import { useId, useState } from 'react';
import { useImportFromLinks } from './useImportFromLinks.js';
import controls from '../ui/Controls.module.css';
import styles from './Images.module.css';

/** The textarea (10 rows) for pasted image links and its 'Add from links' button (docs/product.md §2). */
export function LinkImporter({ onImages }: { onImages: (images: Blob[]) => void }) {
  const id = useId();
  const [links, setLinks] = useState('');
  const importLinks = useImportFromLinks();

  const addFromLinks = () => {
    importLinks.mutate(links, {
      onSuccess: (images) => {
        onImages(images);
        setLinks('');
      },
    });
  };

  return (
    <div className={styles.links}>
      <label htmlFor={id} className={controls.label}>
        Image links
      </label>
      <textarea
        id={id}
        rows={10}
        className={controls.textarea}
        value={links}
        placeholder={'https://example.com/photo-1.jpg\nhttps://example.com/photo-2.png'}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setLinks(event.target.value)}
      />
      <span id={`${id}-hint`} className={controls.hint}>
        One link per line, or separate them with commas.
      </span>
      <div>
        <button
          type="button"
          className={`${controls.button} ${controls.secondary}`}
          disabled={importLinks.isPending || links.trim() === ''}
          aria-busy={importLinks.isPending}
          onClick={addFromLinks}
        >
          Add from links
        </button>
      </div>
    </div>
  );
}
