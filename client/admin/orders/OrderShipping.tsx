import { useId, useState } from 'react';
import type { AdminOrder } from '../../../shared/schemas/buying.js';
import { shippingLabel } from '../../../shared/rules/status-labels.js';
import { useSetOrderShippedMutation } from '../api/setOrderShipped.js';
import controls from '../ui/Controls.module.css';
import card from '../ui/Card.module.css';
import styles from './OrderCard.module.css';

/**
 * Postal service, tracking number and the Sent/Not Sent toggle (docs/product.md §4 "Admin order shipping"): the
 * toggle sends the opposite of the stored value with what the two fields hold now. The card changes
 * only once the server has accepted it; a failure leaves it as it was and says so here.
 */
export function OrderShipping({ order }: { order: AdminOrder }) {
  const id = useId();
  const [postalService, setPostalService] = useState(order.postal_service);
  const [trackingNumber, setTrackingNumber] = useState(order.tracking_number);
  const update = useSetOrderShippedMutation();

  const toggle = () =>
    update.mutate({
      payment_id: order.payment_id,
      shipped: !order.shipped,
      postal_service: postalService.trim(),
      tracking_number: trackingNumber.trim(),
    });

  return (
    // Not a named region: every card has one, and landmarks must be unique on the page. The card
    // (an article named by the product) is what a screen reader moves between.
    <section className={styles.section}>
      <div className={styles.shippingHead}>
        <h3 id={`${id}-title`} className={styles.sectionTitle}>
          Shipping
        </h3>
        <button
          type="button"
          className={`${styles.toggle} ${order.shipped ? styles.sent : styles.notSent}`}
          aria-describedby={`${id}-hint`}
          disabled={update.isPending}
          onClick={toggle}
        >
          {shippingLabel(order.shipped)}
        </button>
        <span id={`${id}-hint`} className="visually-hidden">
          {order.shipped ? 'Press to mark the order as not sent.' : 'Press to mark the order as sent.'}
        </span>
      </div>
      <div className={styles.shippingFields}>
        <div className={styles.input}>
          <label htmlFor={`${id}-postal`} className={card.fieldLabel}>
            Postal service
          </label>
          <input
            id={`${id}-postal`}
            className={`${controls.input} ${styles.compactInput}`}
            value={postalService}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setPostalService(event.target.value)}
          />
        </div>
        <div className={styles.input}>
          <label htmlFor={`${id}-tracking`} className={card.fieldLabel}>
            Tracking number
          </label>
          <input
            id={`${id}-tracking`}
            className={`${controls.input} ${styles.compactInput}`}
            value={trackingNumber}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTrackingNumber(event.target.value)}
          />
        </div>
      </div>
      {update.isError && (
        <p className={styles.error} role="alert">
          {update.error.message}
        </p>
      )}
    </section>
  );
}
