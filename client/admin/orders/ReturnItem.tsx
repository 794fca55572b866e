import type { Return } from '../../../shared/schemas/returns.js';
import tone from '../../ui/StatusTone.module.css';
import card from '../ui/Card.module.css';
import { FieldGrid } from '../ui/FieldGrid.js';
import { ReturnActions, type ReturnRefund } from './ReturnActions.js';
import { returnFields, returnStatusLabel } from './returnFormat.js';
import styles from './OrderCard.module.css';

const TONE: Record<Return['status'], string | undefined> = {
  requested: tone.pending,
  approved: tone.pending,
  rejected: tone.neutral,
  received: tone.paid,
  refunded: tone.paid,
};

/** One return: its RMA and status, its facts with each step's day, and the seller's moves. */
export function ReturnItem({ item, refund }: { item: Return; refund: ReturnRefund | null }) {
  return (
    <div className={styles.returnItem}>
      <p className={styles.returnHead}>
        <span className={card.code}>{item.rma}</span>
        <span className={`${card.badge} ${TONE[item.status] ?? tone.neutral}`}>
          {returnStatusLabel(item.status)}
        </span>
      </p>
      <FieldGrid fields={returnFields(item)} />
      <ReturnActions item={item} refund={refund} />
    </div>
  );
}
