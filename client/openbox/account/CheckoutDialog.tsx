import { useState, type FormEvent, type ReactNode } from 'react';
import type { ShippingAddress } from '../../../shared/schemas/account.js';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import form from '../../ui/Form.module.css';
import { ModalShell } from '../../ui/ModalShell.js';
import { useShippingAddressQuery } from './api/shippingAddress.js';
import { openPaymentTab } from './paymentTab.js';
import { initialShipping, shippingFromForm, type ShippingForm } from './shipping.js';
import { ShippingFields } from './ShippingFields.js';
import styles from './Checkout.module.css';

interface CheckoutDialogProps {
  title: string;
  /** The buyer: the form starts from their last shipping address, or their sign-in e-mail before one. */
  user: SessionUser;
  /** True while the purchase is being created: the button says so and a second press does nothing. */
  pending: boolean;
  /** Creates the purchase from the shipping form; resolves with its payment page's address. */
  createPayment: (shipping: ShippingForm) => Promise<string>;
  /** Once the payment page opens and the dialog has closed: drop what was bought from the cart. */
  onCreated: () => void;
  /** Also said in an alert when the purchase fails (the one-line checkout's, docs/product.md §4). */
  failureAlert?: string;
  onClose: () => void;
  /** Below the Pay button. */
  note: ReactNode;
  /** What is bought, above the shipping form. */
  children: ReactNode;
}

/**
 * A checkout's dialog: what is bought, the shipping form (filled in with the buyer's last address, issue
 * 20), then the payment page in a new tab. A failure closes that tab and is shown in the dialog, the form
 * as typed.
 */
export function CheckoutDialog({
  title,
  user,
  pending,
  createPayment,
  onCreated,
  failureAlert,
  onClose,
  note,
  children,
}: CheckoutDialogProps) {
  const [error, setError] = useState<string>();
  // The fields take their first values once, so the form waits for the address being asked (a purchase
  // just made asks again); the address it starts from is kept while the buyer types. Failed: only the e-mail.
  const saved = useShippingAddressQuery(user.sub);
  const [start, setStart] = useState<{ last: ShippingAddress | null }>();
  if (!start && !saved.isPending && !saved.isFetching)
    setStart({ last: saved.data?.shipping_address ?? null });
  const last = start?.last;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !start) return;
    const shipping = shippingFromForm(new FormData(event.currentTarget));
    // Opened now, inside the click, so a popup blocker lets it through; it is pointed at the payment below.
    const tab = openPaymentTab();
    setError(undefined);
    try {
      tab.go(await createPayment(shipping));
      onClose();
      onCreated();
    } catch (failure) {
      tab.close();
      if (failureAlert) window.alert(failureAlert);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <ModalShell label={title} onClose={onClose} size="md">
      <form className={styles.checkout} onSubmit={(event) => void submit(event)}>
        <h2 className={styles.heading}>{title}</h2>
        <div className={styles.summary}>{children}</div>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Shipping address</legend>
          {!start ? (
            <p role="status">Loading your last shipping address…</p>
          ) : (
            <>
              {last && (
                <p className={styles.prefilled}>From your last order: change anything before you pay.</p>
              )}
              <ShippingFields initial={initialShipping(last, user.email)} />
            </>
          )}
        </fieldset>
        {error && (
          <p className={form.error} role="alert">
            {error}
          </p>
        )}
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the dialog. */}
        <button type="submit" className={form.primary} aria-disabled={pending || !start}>
          {pending ? 'Creating your order…' : 'Pay with crypto'}
        </button>
        <p className={form.note}>{note}</p>
      </form>
    </ModalShell>
  );
}
