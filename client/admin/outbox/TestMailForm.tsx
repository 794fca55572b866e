import { type FormEvent, useId, useState } from 'react';
import { useSendTestMailMutation } from '../api/sendTestMail.js';
import controls from '../ui/Controls.module.css';
import styles from './Outbox.module.css';

/**
 * "Send a test e-mail": to the address typed, or to the seller's (SELLER_EMAIL) when it is left empty.
 * It joins the outbox like any e-mail, so the list then shows whether the mail server took it.
 */
export function TestMailForm() {
  const inputId = useId();
  const hintId = useId();
  const [to, setTo] = useState('');
  const send = useSendTestMailMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    send.mutate(address ? { to: address } : {}, { onSuccess: () => setTo('') });
  };

  return (
    <form className={styles.testForm} onSubmit={submit} aria-label="Send a test e-mail">
      <div className={styles.testField}>
        <label htmlFor={inputId} className={controls.label}>
          Send a test e-mail to
        </label>
        <input
          id={inputId}
          className={controls.input}
          type="email"
          autoComplete="email"
          value={to}
          placeholder="you@example.com"
          aria-describedby={hintId}
          onChange={(event) => setTo(event.target.value)}
        />
        <span id={hintId} className={controls.hint}>
          Empty: the seller&apos;s address (SELLER_EMAIL).
        </span>
      </div>
      <button
        type="submit"
        className={`${controls.button} ${controls.primary} ${controls.small}`}
        disabled={send.isPending}
      >
        {send.isPending ? 'Queuing…' : 'Send test e-mail'}
      </button>
      <p className={styles.actionStatus} aria-live="polite">
        {send.isSuccess ? `Queued to ${send.data.recipient}.` : ''}
      </p>
      {send.isError && (
        <p className={styles.lastError} role="alert">
          Could not queue the test e-mail: {send.error.message}
        </p>
      )}
    </form>
  );
}
