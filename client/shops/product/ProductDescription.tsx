import '../../ui/descriptionFonts.css';
import styles from './ProductDescription.module.css';

/** The product's HTML description. */
export function ProductDescription({ html }: { html: string }) {
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
