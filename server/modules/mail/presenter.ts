/** Exactly what the admin's outbox shows of an e-mail: never its rendered body or the claim of a sender. */
import type { OutboxMail } from '../../../shared/schemas/mail.js';
import type { OutboxRow } from './outbox-repository.js';

export function presentOutboxMail(row: OutboxRow, sellerEmail: string | undefined): OutboxMail {
  const sent = row.status === 'sent';
  return {
    id: row.id,
    kind: row.kind,
    audience: row.audience,
    recipient: row.audience === 'seller' ? (sellerEmail ?? 'seller') : (row.recipient ?? ''),
    subject: row.subject,
    status: sent ? 'sent' : row.last_error ? 'failing' : 'waiting',
    created_at: row.created_at,
    sent_at: row.sent_at,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    next_attempt_at: sent ? null : row.next_attempt_at,
  };
}
