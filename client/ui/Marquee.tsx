import { affiliateDisclosure } from './disclosure.js';
import { useRetailerName } from './useRetailerName.js';
import styles from './Marquee.module.css';

const COPIES = 4;

/**
 * A slim band above the header carrying the affiliate disclosure; pauses on hover. A landmark of its
 * own, so a screen reader finds the disclosure when moving by landmarks, like everything else on the page.
 */
export function Marquee() {
  const retailerName = useRetailerName();
  if (!retailerName) return <div className={styles.band} aria-hidden="true" />;
  const text = affiliateDisclosure(retailerName);
  return (
    <aside className={styles.band} aria-label="Affiliate disclosure">
      <p className="visually-hidden">{text}</p>
      <div className={styles.track} aria-hidden="true">
        {Array.from({ length: COPIES * 2 }, (_, index) => (
          <span key={index} className={styles.item}>
            {text}
          </span>
        ))}
      </div>
    </aside>
  );
}
