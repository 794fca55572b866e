/**
 * The description editor, loaded on first use: Tiptap and its fonts are the admin area's largest part,
 * so the login gate and the Delete tab never wait for them.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import styles from './DescriptionEditor.module.css';

const DescriptionEditor = lazy(() =>
  import('./DescriptionEditor.js').then((module) => ({ default: module.DescriptionEditor })),
);

export function LazyDescriptionEditor(props: ComponentProps<typeof DescriptionEditor>) {
  return (
    <Suspense
      fallback={
        <div className={styles.editor}>
          <span className={styles.label}>description</span>
          <div className={`${styles.frame} ${styles.placeholder}`} role="status">
            Loading the editor…
          </div>
        </div>
      }
    >
      <DescriptionEditor {...props} />
    </Suspense>
  );
}
