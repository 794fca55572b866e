import { useState } from 'react';
import type { AdminProductsQuery, BulkBody } from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { useBulkAction } from '../api/bulkAction.js';
import controls from '../ui/Controls.module.css';
import { BulkValueFields } from './BulkValueFields.js';
import { confirmationSentence, draftAction, initialDraft, type BulkDraft } from './bulkDraft.js';
import { type Selection, selectedCount } from './selection.js';
import styles from './Products.module.css';

interface BulkBarProps {
  shop: ShopConfig;
  query: AdminProductsQuery;
  selection: Selection;
  total: number;
  onSelectAll: () => void;
  onDone: () => void;
}

/** What is chosen, the action and its value, and a confirmation with the count before anything changes. */
export function BulkBar({ shop, query, selection, total, onSelectAll, onDone }: BulkBarProps) {
  const bulk = useBulkAction(shop.key);
  const [draft, setDraft] = useState<BulkDraft>(initialDraft);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const count = selectedCount(selection, total);
  const planned = draftAction(draft);

  const run = () => {
    if (!('action' in planned)) return;
    const { q, category, availability, stock } = query;
    const target = selection.allMatching
      ? { filter: { q, category, availability, stock } }
      : { ids: [...selection.ids] };
    bulk.mutate({ ...target, ...planned.action } as BulkBody, {
      onSuccess: ({ changed }) => {
        setMessage(`Changed ${changed} product${changed === 1 ? '' : 's'}.`);
        onDone();
      },
      onError: (error) => setMessage(error.message),
      onSettled: () => setAsking(false),
    });
  };

  return (
    <section className={`${controls.card} ${styles.bulk}`} aria-label="Bulk edit">
      <p className={styles.count}>
        {count === 0 ? 'No products selected.' : `${count} product${count === 1 ? '' : 's'} selected.`}
        {!selection.allMatching && total > 0 && (
          <button type="button" className={styles.linkButton} onClick={onSelectAll}>
            Select all {total} matching
          </button>
        )}
      </p>
      <BulkValueFields
        shop={shop}
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setAsking(false);
        }}
      />
      {'problem' in planned && count > 0 && <p className={controls.hint}>{planned.problem}</p>}
      {!asking ? (
        <button
          type="button"
          className={`${controls.button} ${controls.primary}`}
          disabled={count === 0 || !('action' in planned)}
          onClick={() => {
            setMessage('');
            setAsking(true);
          }}
        >
          Apply…
        </button>
      ) : (
        <div role="alertdialog" aria-label="Confirm bulk change" className={styles.confirm}>
          <p>{confirmationSentence(draft, count)}</p>
          <button
            type="button"
            className={`${controls.button} ${draft.kind === 'delete' ? controls.danger : controls.primary}`}
            disabled={bulk.isPending}
            onClick={run}
          >
            {bulk.isPending ? 'Applying…' : 'Confirm'}
          </button>
          <button
            type="button"
            className={`${controls.button} ${controls.secondary}`}
            onClick={() => setAsking(false)}
          >
            Cancel
          </button>
        </div>
      )}
      <p role="status" className={styles.status}>
        {message}
      </p>
    </section>
  );
}
