/**
 * What an order's invoice asked, what arrived and what was refunded (issue 18), in whole cents, for the
 * buyer's and the seller's screens alike. The amounts are the API's dollar strings (paymentFacts in
 * shared/schemas/buying.ts); an order paid together with others shares its invoice with them.
 */
import { priceToCents } from './money.js';

export interface InvoiceFacts {
  invoice_total: string;
  amount_paid: string | null;
  refunded_amount: string;
}

/**
 * A cent either way is rounding between the provider's currencies, not money owed or owed back: the
 * server flags an overpayment only above it, so the screens do the same.
 */
const ROUNDING_CENTS = 1;

export interface InvoiceBalance {
  totalCents: number;
  /** null until the provider reports what arrived. */
  paidCents: number | null;
  /** What the invoice still lacks (0 when paid in full or nothing was reported). */
  shortCents: number;
  /** What arrived beyond the invoice, when more than rounding (else 0). */
  overpaidCents: number;
}

const cents = (amount: string | null): number | null => (amount === null ? null : priceToCents(amount));

export function invoiceBalance(facts: Pick<InvoiceFacts, 'invoice_total' | 'amount_paid'>): InvoiceBalance {
  const totalCents = cents(facts.invoice_total) ?? 0;
  const paidCents = cents(facts.amount_paid);
  if (paidCents === null) return { totalCents, paidCents, shortCents: 0, overpaidCents: 0 };
  const difference = paidCents - totalCents;
  return {
    totalCents,
    paidCents,
    shortCents: difference < 0 ? -difference : 0,
    overpaidCents: difference > ROUNDING_CENTS ? difference : 0,
  };
}

/** Refunded of this line so far, in cents (0 when nothing or unreadable). */
export function refundedCents(facts: Pick<InvoiceFacts, 'refunded_amount'>): number {
  return cents(facts.refunded_amount) ?? 0;
}

/**
 * What may still be refunded of an invoice: what arrived (the invoice's total when the provider gave no
 * amount) less what the lines sharing it have been refunded already. Never below 0.
 */
export function refundableCents(lines: readonly InvoiceFacts[]): number {
  const [first] = lines;
  if (!first) return 0;
  const { totalCents, paidCents } = invoiceBalance(first);
  const refunded = lines.reduce((sum, line) => sum + refundedCents(line), 0);
  return Math.max(0, (paidCents ?? totalCents) - refunded);
}

/**
 * Units go back on sale only with a refund that completes the whole payment: after a part refund the
 * order stays paid and may still be shipped, so its units cannot also be sold again.
 */
export function mayRestock(amountCents: number, leftCents: number): boolean {
  return leftCents > 0 && amountCents === leftCents;
}

/** The sentence for a part refund asked to put units back on sale. */
export const RESTOCK_NEEDS_WHOLE_REFUND =
  'Units go back on sale only with a refund of the whole payment: refund the rest, or restock in the product editor.';

type MoneyFacts = Pick<InvoiceFacts, 'invoice_total' | 'amount_paid'> & { payment_status: string };

/**
 * Whether any money arrived for the order (issue 28): then it is kept on record, and neither the buyer
 * nor the admin is offered Delete. A paid or refunded order counts even when its provider named no amount.
 */
export function hasReceivedMoney(order: MoneyFacts): boolean {
  const { paidCents } = invoiceBalance(order);
  return (paidCents ?? 0) > 0 || order.payment_status === 'finished' || order.payment_status === 'refunded';
}

/**
 * Whether the seller may accept what arrived as the order's payment (issue 28; the server decides, this
 * only offers the button): money arrived, nothing is settled yet, and the order went wrong (ended or
 * still partly paid, paid late, its units sold meanwhile, or overpaid).
 */
export function mayAcceptPayment(
  order: MoneyFacts & {
    settled_at: string | null;
    paid_late: boolean;
    needs_attention: boolean;
    attention_reason?: string | null;
  },
): boolean {
  const { paidCents, overpaidCents } = invoiceBalance(order);
  if ((paidCents ?? 0) <= 0 || order.settled_at !== null || order.payment_status === 'refunded') return false;
  return (
    order.payment_status !== 'finished' ||
    order.paid_late ||
    order.needs_attention ||
    Boolean(order.attention_reason) ||
    overpaidCents > 0
  );
}
