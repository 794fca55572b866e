/** Exactly which fields of an order (or a "Checkout all" group) the sandbox payment page sees. */
import type { PaymentStatus, SandboxOrder } from '../../../shared/schemas/buying.js';
import { dollars, invoiceTotalCents, type Payment } from '../orders/index.js';

export function presentSandboxOrder(payment: Payment): SandboxOrder {
  const first = payment.lines[0]!;
  // A "Checkout all" of one line (the API takes one) reads as that line, as the page shows it: never "1 items".
  const grouped = payment.lines.length > 1;
  const paid = first.invoice_paid_cents;
  return {
    payment_id: payment.ref,
    title: grouped ? `${payment.lines.length} items` : first.title,
    condition: grouped ? '' : first.condition,
    quantity: payment.lines.reduce((sum, line) => sum + line.quantity, 0),
    total_amount: dollars(invoiceTotalCents(payment)),
    payment_status: first.payment_status as PaymentStatus,
    lines: payment.lines.map((line) => ({
      payment_id: line.payment_id,
      title: line.title,
      condition: line.condition,
      quantity: line.quantity,
      total_amount: dollars(line.total_cents),
    })),
    amount_paid: paid === null ? null : dollars(paid),
  };
}
