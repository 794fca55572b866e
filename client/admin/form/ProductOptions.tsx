import type { ShopConfig } from '../../../shared/shops.js';
import { AvailabilitySwitch } from './AvailabilitySwitch.js';
import { RatingInput } from './RatingInput.js';
import styles from './Fields.module.css';

interface ProductOptionsProps {
  shop: ShopConfig;
  available: boolean;
  onAvailableChange: (on: boolean) => void;
  rate: number;
  onRateChange: (rate: number) => void;
}

/** Availability switch and star rating, each only where the shop's registry entry has it. */
export function ProductOptions({
  shop,
  available,
  onAvailableChange,
  rate,
  onRateChange,
}: ProductOptionsProps) {
  if (!shop.hasAvailability && !shop.hasRating) return null;
  return (
    <div className={styles.options}>
      {shop.hasAvailability && <AvailabilitySwitch checked={available} onChange={onAvailableChange} />}
      {shop.hasRating && <RatingInput value={rate} onChange={onRateChange} />}
    </div>
  );
}
