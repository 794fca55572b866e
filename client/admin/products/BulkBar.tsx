import { useEffect, useRef, useState } from 'react';
import type { BulkBody } from '../../../shared/schemas/adminProducts.js';
import type { ShopConfig } from '../../../shared/shops.js';
import { countOf } from '../../ui/plural.js';
import { useBulkAction } from '../api/bulkAction.js';
import controls from '../ui/Controls.module.css';
import { BulkValueFields } from './BulkValueFields.js';
import { confirmationSentence, draftAction, initialDraft, type BulkDraft } from './bulkDraft.js';
import { type Selection, selectedCount } from './selection.js';
import styles from './Products.module.css';

interface BulkBarProps {
  shop: ShopConfig;
  selection: Selection;
  total: number;
  onSelectAll: () => void;
  onDone: () => void;
}

/** What is chosen, the action and its value, and a confirmation with the count before anything changes. */
export function BulkBar({ shop, selection, total, onSelectAll, onDone }: BulkBarProps) {
  const bulk = useBulkAction(shop.key);
  const [draft, setDraft] = useState<BulkDraft>(initialDraft);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState('');
  const count = selectedCount(selection, total);
  const planned = draftAction(draft);

  const applyButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  // Focus goes to the question when it opens, and back to Apply when it closes.
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
    else if (wasAsking.current) applyButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  const run = () => {
    if (!('action' in planned)) return;
    // "All matching" goes with the filter it was chosen under (the screen drops it if that changes).
    const target = selection.allMatching ? { filter: selection.allMatching } : { ids: [...selection.ids] };
    bulk.mutate({ ...target, ...planned.action } as BulkBody, {
      onSuccess: ({ changed }) => {
        setMessage(`Changed ${countOf(changed, 'product')}.`);
        onDone();
      },
      onError: (error) => setMessage(error.message),
      onSettled: () => setAsking(false),
    });
  };

  return (
    <section className={`${controls.card} ${styles.bulk}`} aria-label="Bulk edit">
      <p className={styles.count}>
        {count === 0 ? 'No products selected.' : `${countOf(count, 'product')} selected.`}
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
          ref={applyButton}
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
        <div
          role="alertdialog"
          aria-label="Confirm bulk change"
          aria-describedby="bulk-question"
          className={styles.confirm}
        >
          <p id="bulk-question">{confirmationSentence(draft, count)}</p>
          <button
            ref={confirmButton}
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
