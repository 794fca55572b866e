import { useNavigate, useParams } from '../../app/router.js';
import { useAuth } from '../../session/useAuth.js';
import form from '../../ui/Form.module.css';
import { StatusMessage } from '../../ui/StatusMessage.js';
import { takesPayment } from '../../../shared/rules/payment-status.js';
import { paymentStatusLabel } from '../../../shared/rules/status-labels.js';
import type { SandboxOrder } from '../../../shared/schemas/buying.js';
import { usePaySandboxOrder, useSandboxOrderQuery } from './api/sandboxOrder.js';
import { SandboxOrderFacts } from './SandboxOrderFacts.js';
import { SandboxPayPart } from './SandboxPayPart.js';
import styles from './Pay.module.css';

/**
 * The sandbox's payment page (docs/architecture.md §7), where payment_url points when no real provider is set up.
 * Pay marks the order paid exactly as a verified provider callback would; Cancel leaves it unpaid. A
 * "Checkout all" group is paid as one (issue 18), and "Pay part" sends only some of the money.
 */
export default function SandboxPayPage() {
  const { paymentId = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const sub = user?.sub ?? '';
  const order = useSandboxOrderQuery(sub, paymentId);
  const pay = usePaySandboxOrder(sub);
  // Money can still be sent: not paid, and the order has not failed, expired or been refunded.
  const payable = order.data !== undefined && takesPayment(order.data.payment_status);

  const afterPaying = (paid: SandboxOrder) => {
    // Partly paid: this page stays, showing what arrived and what is left to pay.
    if (paid.payment_status === 'partially_paid') return;
    void navigate(paid.payment_status === 'finished' ? '/success' : '/cancel');
  };
  const payNow = (amount?: string) => pay.mutate({ paymentId, amount }, { onSuccess: afterPaying });

  return (
    <main className={styles.page}>
      <title>Sandbox payment</title>
      <div className={styles.card}>
        <p className={styles.sandbox}>Sandbox · no real money</p>
        <h1 className={styles.heading}>Pay for your order</h1>
        <p className={styles.text}>
          This shop uses a test payment page instead of a crypto payment provider. Pay marks the order as
          paid; Cancel leaves it unpaid.
        </p>
        {order.isPending && <p role="status">Loading the order…</p>}
        {order.isError && (
          <StatusMessage title="This order could not be loaded." tone="error">
            {order.error.message}
          </StatusMessage>
        )}
        {order.data && <SandboxOrderFacts order={order.data} />}
        {order.data && !payable && (
          <p className={styles.text} role="status">
            Nothing to pay: this order’s status is “{paymentStatusLabel(order.data.payment_status)}”.
          </p>
        )}
        {pay.isError && (
          <p className={form.error} role="alert">
            {pay.error.message}
          </p>
        )}
        <div className={styles.buttons}>
          <button
            type="button"
            className={form.primary}
            onClick={() => payNow()}
            disabled={!payable || pay.isPending}
          >
            {pay.isPending ? 'Paying…' : 'Pay'}
          </button>
          <button type="button" className={form.secondary} onClick={() => void navigate('/cancel')}>
            Cancel
          </button>
        </div>
        {payable && <SandboxPayPart onPay={payNow} busy={pay.isPending} />}
      </div>
    </main>
  );
}
