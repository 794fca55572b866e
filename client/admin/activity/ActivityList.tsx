import type { UseQueryResult } from '@tanstack/react-query';
import type { ActivityResponse } from '../../../shared/schemas/activity.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import list from '../ui/ListPage.module.css';
import { ActivityItem } from './ActivityItem.js';
import styles from './Activity.module.css';

interface ActivityListProps {
  filtered: boolean;
  activity: UseQueryResult<ActivityResponse>;
  onRetry: () => void;
}

/** The rows of one page, or what stands in for them while loading, on failure, or when there are none. */
export function ActivityList({ filtered, activity, onRetry }: ActivityListProps) {
  if (activity.isPending) {
    return (
      <p className={list.loading} role="status">
        Loading the activity...
      </p>
    );
  }
  if (activity.isError) {
    return (
      <StatusMessage
        tone="error"
        title="Could not load the activity"
        action={{ label: 'Try again', onClick: onRetry }}
      >
        {activity.error.message}
      </StatusMessage>
    );
  }
  if (activity.data.rows.length === 0) {
    return (
      <StatusMessage title={filtered ? 'No activity matches these filters' : 'No activity yet'}>
        {filtered
          ? 'Choose “Clear” to see every action.'
          : 'Sign-ins, product changes, orders marked sent and resent e-mails appear here.'}
      </StatusMessage>
    );
  }
  return (
    <ul className={styles.list} aria-busy={activity.isPlaceholderData} aria-label="Activity">
      {activity.data.rows.map((row) => (
        <li key={row.id} className={list.item}>
          <ActivityItem row={row} />
        </li>
      ))}
    </ul>
  );
}
