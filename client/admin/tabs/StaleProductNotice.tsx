import controls from '../ui/Controls.module.css';
import styles from './Tabs.module.css';

/** Asked before a reload replaces what the admin typed. */
export const RELOAD_PRODUCT_QUESTION =
  'Reload the product as it is now? What you typed in this form will be discarded.';

interface StaleProductNoticeProps {
  /** The server's sentence ('This product changed since you opened it.'). */
  message: string;
  onReload: () => void;
  reloading: boolean;
}

/**
 * A save was refused because the product changed since the form loaded it (a purchase, another admin).
 * What the admin typed stays in the form until they choose to reload, after a confirmation.
 */
export function StaleProductNotice({ message, onReload, reloading }: StaleProductNoticeProps) {
  return (
    <div className={`${controls.error} ${styles.stale}`} role="alert">
      <p>
        <strong>{message}</strong> Nothing was saved. Reload it to edit what is stored now; your typed changes
        stay here until you do.
      </p>
      <button
        type="button"
        className={`${controls.button} ${controls.secondary}`}
        disabled={reloading}
        onClick={() => {
          if (window.confirm(RELOAD_PRODUCT_QUESTION)) onReload();
        }}
      >
        Reload product
      </button>
    </div>
  );
}
