import { useEffect } from 'react';
import styles from './ProductDescription.module.css';

/**
 * The seller's description fonts (@font-face, ui/descriptionFonts.css), registered when a description is
 * first shown rather than with the modal's chunk: that chunk is fetched while the page is idle, and a new
 * @font-face makes the browser restyle and lay out every element of the page again, one task of 100-400 ms
 * on a slow phone during the first view (issue 21). The font files themselves are fetched only when a
 * description uses them, as before; `font-display: swap` shows the text meanwhile.
 */
const registerDescriptionFonts = () => import('../../ui/descriptionFonts.css');

/** The product's HTML description. */
export function ProductDescription({ html }: { html: string }) {
  useEffect(() => {
    void registerDescriptionFonts().catch(() => undefined);
  }, []);
  if (!html.trim()) return null;
  return (
    <section className={styles.section} aria-labelledby="product-description-title">
      <h3 id="product-description-title" className={styles.title}>
        Description
      </h3>
      {/* Safe: the server passes every stored description through an allow-list sanitizer
          (sanitize-html, docs/architecture.md §2/§6) before it is saved and sent, so this is never raw user HTML. */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
