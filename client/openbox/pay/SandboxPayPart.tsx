import { useId, useState, type FormEvent } from 'react';
import form from '../../ui/Form.module.css';
import styles from './Pay.module.css';

interface SandboxPayPartProps {
  onPay: (amount: string) => void;
  busy: boolean;
}

/**
 * "Pay part" (issue 18): sends only some of the money, as a buyer whose exchange kept a fee would, so a
 * partly paid order can be tried in development. The server checks the amount and names what is wrong.
 */
export function SandboxPayPart({ onPay, busy }: SandboxPayPartProps) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onPay(amount.trim());
  };
  return (
    <details className={styles.part}>
      <summary className={styles.partSummary}>Pay only part (to try a partial payment)</summary>
      <form className={styles.partForm} onSubmit={submit}>
        <label className={form.field} htmlFor={id}>
          Amount to pay (USD)
          <input
            id={id}
            className={form.input}
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.50"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            required
          />
        </label>
        <button type="submit" className={form.secondary} aria-disabled={busy}>
          Pay part
        </button>
      </form>
    </details>
  );
}
