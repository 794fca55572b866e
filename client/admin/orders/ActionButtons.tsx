import controls from '../ui/Controls.module.css';
import styles from './OrderCard.module.css';

interface ActionButtonsProps {
  /** The main button's words, and its words while the call runs. */
  label: string;
  busyLabel?: string;
  busy?: boolean;
  /** A confirm step's answer; without it the main button submits its form. */
  onConfirm?: () => void;
  tone?: 'primary' | 'danger';
  backLabel?: string;
  onBack: () => void;
}

/**
 * The two buttons that end an order card's form or confirm step (refund, accept, a return's steps): the
 * main one, which stays focusable but does nothing while busy (aria-disabled, so focus is not lost), and
 * the way back.
 */
export function ActionButtons({
  label,
  busyLabel,
  busy = false,
  onConfirm,
  tone = 'primary',
  backLabel = 'Cancel',
  onBack,
}: ActionButtonsProps) {
  return (
    <div className={styles.refundButtons}>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={`${controls.button} ${controls[tone]} ${controls.small}`}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          if (busy) event.preventDefault();
          else onConfirm?.();
        }}
      >
        {busy && busyLabel ? busyLabel : label}
      </button>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary} ${controls.small}`}
        onClick={onBack}
      >
        {backLabel}
      </button>
    </div>
  );
}
