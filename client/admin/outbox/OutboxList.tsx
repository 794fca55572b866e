import type { UseQueryResult } from '@tanstack/react-query';
import type { OutboxQuery, OutboxResponse } from '../../../shared/schemas/mail.js';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { OutboxItem } from './OutboxItem.js';
import list from '../ui/ListPage.module.css';
import styles from './Outbox.module.css';

interface OutboxListProps {
  query: OutboxQuery;
  outbox: UseQueryResult<OutboxResponse>;
  onRetry: () => void;
}

/** The e-mails of one page, or what stands in for them while loading, on failure, or when there are none. */
export function OutboxList({ query, outbox, onRetry }: OutboxListProps) {
  if (outbox.isPending) {
    return (
      <p className={list.loading} role="status">
        Loading the outbox...
      </p>
    );
  }
  if (outbox.isError) {
    return (
      <StatusMessage
        tone="error"
        title="Could not load the outbox"
        action={{ label: 'Try again', onClick: onRetry }}
      >
        {outbox.error.message}
      </StatusMessage>
    );
  }
  if (outbox.data.items.length === 0) {
    return (
      <StatusMessage title={query.status === 'all' ? 'No e-mails yet' : 'No e-mails match this filter'}>
        {query.status === 'all'
          ? 'E-mails to buyers and to you appear here as soon as orders are paid, sent or refunded.'
          : 'Choose “All” to see every e-mail.'}
      </StatusMessage>
    );
  }
  return (
    <ul className={styles.list} aria-busy={outbox.isPlaceholderData} aria-label="E-mails">
      {outbox.data.items.map((mail) => (
        <li key={mail.id} className={list.item}>
          <OutboxItem mail={mail} />
        </li>
      ))}
    </ul>
  );
}
