import { useId } from 'react';
import type { ConditionOffer } from '../../../shared/rules/offers.js';
import type { Condition } from '../../../shared/shops.js';
import { conditionOptionText } from './conditionOptionText.js';
import styles from './OpenBoxOffer.module.css';

interface ConditionSelectProps {
  /** Only conditions for sale with stock (inStockOffers; docs/product.md §2, §9). */
  offers: readonly ConditionOffer[];
  value: Condition | '';
  onChange: (condition: Condition | '') => void;
}

/** The open-box condition dropdown: emoji, label, quantity in stock and price per option. */
export function ConditionSelect({ offers, value, onChange }: ConditionSelectProps) {
  const id = useId();
  const choose = (selected: string) => {
    const offer = offers.find((candidate) => candidate.condition === selected);
    onChange(offer ? offer.condition : '');
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Condition</label>
      <select
        id={id}
        className={styles.select}
        value={value}
        onChange={(event) => choose(event.target.value)}
        disabled={offers.length === 0}
      >
        <option value="">{offers.length === 0 ? 'Out of Stock' : 'Select a condition'}</option>
        {offers.map((offer) => (
          <option key={offer.condition} value={offer.condition}>
            {conditionOptionText(offer)}
          </option>
        ))}
      </select>
    </div>
  );
}
