import type { OpenboxProduct } from '../../../shared/schemas/catalog.js';
import { OpenboxSummary } from './OpenboxSummary.js';
import styles from './OpenboxCardOffer.module.css';

/** The card-offer slot for an open-box product: price range, stock and the way into the modal. */
export function OpenboxCardOffer({ product, onOpen }: { product: OpenboxProduct; onOpen: () => void }) {
  return (
    <>
      <OpenboxSummary product={product} />
      <div className={styles.action}>
        <button type="button" className={styles.secondary} onClick={onOpen} tabIndex={-1}>
          Choose condition
        </button>
      </div>
    </>
  );
}
