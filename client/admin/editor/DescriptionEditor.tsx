/**
 * The rich-text description editor (docs/product.md §2): Tiptap 3 with the toolbar above the text. Its HTML is the
 * product's description. Loaded only with the admin area, together with its fonts.
 */
import { EditorContent } from '@tiptap/react';
import { useId } from 'react';
import type { ShopKey } from '../../../shared/shops.js';
import { EditorToolbar } from './EditorToolbar.js';
import { useDescriptionEditor } from './useDescriptionEditor.js';
import '../../ui/descriptionFonts.css';
import styles from './DescriptionEditor.module.css';

interface DescriptionEditorProps {
  value: string;
  onChange: (html: string) => void;
  shop: ShopKey;
  /** Where uploaded description images go; null until the product has an id. */
  productId: string | null;
}

export function DescriptionEditor({ value, onChange, shop, productId }: DescriptionEditorProps) {
  const labelId = useId();
  const editor = useDescriptionEditor(value, onChange, {
    class: styles.content ?? '',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
  });

  return (
    <div className={styles.editor}>
      <span id={labelId} className={styles.label}>
        description
      </span>
      <div className={styles.frame}>
        <EditorToolbar editor={editor} shop={shop} productId={productId} />
        <EditorContent editor={editor} className={styles.contentHost} />
      </div>
    </div>
  );
}
