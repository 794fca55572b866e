import type { ReactNode } from 'react';
import styles from './Tabs.module.css';

interface ProductFormLayoutProps {
  fields: ReactNode;
  editor: ReactNode;
  /** Options, images and actions below the two columns. */
  children: ReactNode;
}

/** The text fields beside the description editor (stacked on phones), with the rest below. */
export function ProductFormLayout({ fields, editor, children }: ProductFormLayoutProps) {
  return (
    <>
      <div className={styles.columns}>
        <div className={styles.fieldsPane}>{fields}</div>
        <div className={styles.editorPane}>{editor}</div>
      </div>
      <div className={styles.bottom}>{children}</div>
    </>
  );
}
