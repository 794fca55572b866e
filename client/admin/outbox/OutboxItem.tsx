import { useId } from 'react';
import type { OutboxMail } from '../../../shared/schemas/mail.js';
import tone from '../../ui/StatusTone.module.css';
import { FieldGrid, type Field } from '../ui/FieldGrid.js';
import { ResendButton } from './ResendButton.js';
import { formatMailTime, kindLabel, OUTBOX_STATUS_LABELS } from './outboxFormat.js';
import styles from './Outbox.module.css';

const STATUS_TONE = { sent: 'paid', waiting: 'pending', failing: 'failed' } as const;

/** One e-mail: what it is, to whom, where it stands, why its last try failed, and Resend. */
export function OutboxItem({ mail }: { mail: OutboxMail }) {
  const titleId = useId();
  const fields: Field[] = [
    { label: 'To', value: mail.recipient, wide: true },
    { label: 'Kind', value: kindLabel(mail.kind) },
    { label: 'Queued', value: formatMailTime(mail.created_at) },
    mail.status === 'sent'
      ? { label: 'Sent', value: formatMailTime(mail.sent_at) }
      : { label: 'Next try', value: formatMailTime(mail.next_attempt_at) },
    { label: 'Failed tries', value: String(mail.attempts) },
  ];

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.subject}>
          {mail.subject}
        </h2>
        <span className={`${styles.badge} ${tone[STATUS_TONE[mail.status]]}`}>
          <span className="visually-hidden">Status: </span>
          {OUTBOX_STATUS_LABELS[mail.status]}
        </span>
      </div>
      <FieldGrid fields={fields} numeric stackOnNarrow />
      {mail.last_error && (
        <p className={styles.lastError}>
          <strong>Last error: </strong>
          {mail.last_error}
        </p>
      )}
      <ResendButton mail={mail} />
    </article>
  );
}
