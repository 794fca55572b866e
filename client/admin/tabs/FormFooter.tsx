import { ResetFormButton } from '../ui/ResetFormButton.js';
import controls from '../ui/Controls.module.css';
import styles from './Tabs.module.css';

interface FormFooterProps {
  /** A sentence to show above the buttons (the server's answer when saving failed). */
  message: string | null;
  submitLabel: string;
  busy: boolean;
  onReset: () => void;
}

/** The end of the Add and Edit forms: the inline message, the submit button and the confirmed reset. */
export function FormFooter({ message, submitLabel, busy, onReset }: FormFooterProps) {
  return (
    <>
      {message && (
        <p className={controls.error} role="alert">
          {message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={`${controls.button} ${controls.primary}`} disabled={busy}>
          {submitLabel}
        </button>
        <ResetFormButton onConfirmed={onReset} />
      </div>
    </>
  );
}
