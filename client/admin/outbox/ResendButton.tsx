import { useState } from 'react';
import type { OutboxMail } from '../../../shared/schemas/mail.js';
import { useResendMailMutation } from '../api/resendMail.js';
import controls from '../ui/Controls.module.css';
import styles from './Outbox.module.css';

/**
 * Resend: a sent e-mail goes out again, a waiting one skips the rest of its back-off. What happened is
 * said next to the button, politely for a success and as an alert for a refusal.
 */
export function ResendButton({ mail }: { mail: OutboxMail }) {
  const resend = useResendMailMutation();
  const [done, setDone] = useState(false);

  const run = () => {
    setDone(false);
    resend.mutate(mail.id, { onSuccess: () => setDone(true) });
  };

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary} ${controls.small}`}
        disabled={resend.isPending}
        aria-label={`${resend.isPending ? 'Resending' : 'Resend'}: ${mail.subject}`}
        onClick={run}
      >
        {resend.isPending ? 'Resending…' : 'Resend'}
      </button>
      <span className={styles.actionStatus} aria-live="polite">
        {done && !resend.isPending ? 'Queued to go out now.' : ''}
      </span>
      {resend.isError && (
        <p className={styles.lastError} role="alert">
          Could not resend: {resend.error.message}
        </p>
      )}
    </div>
  );
}
