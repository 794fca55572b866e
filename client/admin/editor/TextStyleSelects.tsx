import type { Editor } from '@tiptap/react';
import { useId } from 'react';
import { FONT_FAMILIES, FONT_SIZES } from './editorOptions.js';
import styles from './DescriptionEditor.module.css';

interface TextStyleSelectsProps {
  editor: Editor;
  fontSize: string;
  fontFamily: string;
}

/** The text-size select (1px…50px, default 16px) and the font select of docs/product.md §2. */
export function TextStyleSelects({ editor, fontSize, fontFamily }: TextStyleSelectsProps) {
  const sizeId = useId();
  const fontId = useId();
  const knownFont = (FONT_FAMILIES as readonly string[]).includes(fontFamily) ? fontFamily : '';

  return (
    <>
      <label className={styles.selectLabel} htmlFor={sizeId}>
        <span className="visually-hidden">Text size</span>
        <select
          id={sizeId}
          className={styles.select}
          value={fontSize}
          onChange={(event) => editor.chain().focus().setFontSize(event.target.value).run()}
        >
          {FONT_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.selectLabel} htmlFor={fontId}>
        <span className="visually-hidden">Font</span>
        <select
          id={fontId}
          className={`${styles.select} ${styles.fontSelect}`}
          value={knownFont}
          style={knownFont ? { fontFamily: knownFont } : undefined}
          onChange={(event) => {
            const family = event.target.value;
            const chain = editor.chain().focus();
            (family ? chain.setFontFamily(family) : chain.unsetFontFamily()).run();
          }}
        >
          <option value="">Default font</option>
          {FONT_FAMILIES.map((family) => (
            <option key={family} value={family} style={{ fontFamily: family }}>
              {family}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
