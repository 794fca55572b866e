import type { Purchase } from '../../../shared/schemas/buying.js';
import { trackingLink } from './paymentView.js';

/** "USPS · 9400…": the number links to the carrier's tracking page when the carrier is one we know. */
export function OrderTracking({ order }: { order: Purchase }) {
  const service = order.postal_service.trim();
  const number = order.tracking_number.trim();
  const link = trackingLink(order);
  if (!link) return <>{[service, number].filter(Boolean).join(' · ')}</>;
  return (
    <>
      {service} ·{' '}
      <a href={link} target="_blank" rel="noopener noreferrer">
        {number}
        <span className="visually-hidden"> (track the parcel, opens in a new tab)</span>
      </a>
    </>
  );
}
