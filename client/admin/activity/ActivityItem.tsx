import { useId } from 'react';
import { ACTIVITY_ACTION_LABELS, type ActivityRow } from '../../../shared/schemas/activity.js';
import { FieldGrid, type Field } from '../ui/FieldGrid.js';
import { ActivityChanges } from './ActivityChanges.js';
import { formatActivityTime } from './activityFormat.js';
import styles from './Activity.module.css';

/** One staff action: what, when, by whom, to what, and the fields it changed. */
export function ActivityItem({ row }: { row: ActivityRow }) {
  const titleId = useId();
  const fields: Field[] = [
    { label: 'Target', value: row.target, wide: true },
    { label: 'By', value: row.actor, wide: true },
  ];
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.action}>
          {ACTIVITY_ACTION_LABELS[row.action]}
        </h2>
        <time className={styles.time} dateTime={row.at}>
          {formatActivityTime(row.at)}
        </time>
      </div>
      <FieldGrid fields={fields} />
      <ActivityChanges row={row} />
    </article>
  );
}
