import type { ShopConfig } from '../../../shared/shops.js';
import controls from '../ui/Controls.module.css';
import type { BulkDraft, BulkKind } from './bulkDraft.js';
import styles from './Products.module.css';

interface BulkValueFieldsProps {
  shop: ShopConfig;
  draft: BulkDraft;
  onChange: (draft: BulkDraft) => void;
}

/** The action select and the value fields the chosen action needs. */
export function BulkValueFields({ shop, draft, onChange }: BulkValueFieldsProps) {
  const set = (changes: Partial<BulkDraft>) => onChange({ ...draft, ...changes });
  return (
    <div className={styles.bulkFields}>
      <label className={styles.filter}>
        <span>Action</span>
        <select
          className={controls.input}
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as BulkKind })}
        >
          <option value="price">Change price</option>
          {shop.hasAvailability && <option value="availability">Set availability</option>}
          <option value="category">Move to category</option>
          <option value="delete">Delete</option>
        </select>
      </label>
      {draft.kind === 'price' && (
        <>
          <label className={styles.filter}>
            <span>Change by</span>
            <select
              className={controls.input}
              value={draft.priceMode}
              onChange={(e) => set({ priceMode: e.target.value as BulkDraft['priceMode'] })}
            >
              <option value="percent">Percent</option>
              <option value="amount">Dollars</option>
            </select>
          </label>
          <label className={styles.filter}>
            <span>
              {draft.priceMode === 'percent' ? 'Percent (negative lowers)' : 'Dollars (negative lowers)'}
            </span>
            <input
              className={controls.input}
              inputMode="decimal"
              value={draft.priceValue}
              onChange={(e) => set({ priceValue: e.target.value })}
            />
          </label>
        </>
      )}
      {draft.kind === 'availability' && (
        <label className={styles.filter}>
          <span>Availability</span>
          <select
            className={controls.input}
            value={draft.availability}
            onChange={(e) => set({ availability: e.target.value as BulkDraft['availability'] })}
          >
            <option value="YES">Available</option>
            <option value="NO">Unavailable</option>
          </select>
        </label>
      )}
      {draft.kind === 'category' && (
        <>
          <label className={styles.filter}>
            <span>Main category</span>
            <input
              className={controls.input}
              value={draft.mainCategory}
              onChange={(e) => set({ mainCategory: e.target.value })}
            />
          </label>
          <label className={styles.filter}>
            <span>Category</span>
            <input
              className={controls.input}
              value={draft.category}
              onChange={(e) => set({ category: e.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}
