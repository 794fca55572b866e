import type { ActivityRow } from '../../../shared/schemas/activity.js';
import { changeLines, fieldLabel } from './activityFormat.js';
import styles from './Activity.module.css';

/**
 * What a row changed, a field a line: "before → after" for a change, the value alone for what was
 * added (or done), and "was …" for what was deleted. Nothing when the row names no fields.
 */
export function ActivityChanges({ row }: { row: ActivityRow }) {
  const lines = changeLines(row);
  if (lines.length === 0) return null;
  return (
    <dl className={styles.changes}>
      {lines.map((line) => (
        <div key={line.field} className={styles.change}>
          <dt className={styles.changeField}>{fieldLabel(line.field)}</dt>
          <dd className={styles.changeValue}>
            {line.before !== undefined && line.after !== undefined ? (
              <>
                <span className={styles.before}>{line.before}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden"> changed to </span>
                <span className={styles.after}>{line.after}</span>
              </>
            ) : line.before !== undefined ? (
              <span className={styles.before}>was {line.before}</span>
            ) : (
              <span className={styles.after}>{line.after}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
