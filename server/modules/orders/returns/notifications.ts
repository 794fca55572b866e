/**
 * The return e-mails (issue 28), as the order e-mails are (../notifications.ts): content as data, each
 * queued in the transaction of its event under a key of that event, so it exists exactly when the event
 * does. The seller hears of a request; the buyer of the approval (with the instructions) and the
 * rejection (with the reason). The refund's own e-mail tells the buyer of the refund.
 */
import type { Transaction } from 'kysely';
import { returnReasonLabel } from '../../../../shared/rules/returns.js';
import { conditionLabel } from '../../../../shared/shops.js';
import type { Database } from '../../../db/types.js';
import { type MailContent, queueMail } from '../../mail/index.js';
import type { ReturnWithOrder } from './repository.js';

type Trx = Transaction<Database>;

/** "Dell XPS 13 (Very Good) × 1": the units returned. */
const returnedLine = (item: ReturnWithOrder) => ({
  label: `${item.title} (${conditionLabel(item.condition)}) × ${item.quantity}`,
  value: returnReasonLabel(item.reason),
});

export function sellerReturnRequestedMail(item: ReturnWithOrder): MailContent {
  const details: [string, string][] = [
    ['Return', item.rma],
    ['Reason', returnReasonLabel(item.reason)],
  ];
  if (item.note) details.push(['Note', item.note]);
  details.push(['Buyer', `${item.contact_name}, ${item.email}`], ['Order', item.payment_id]);
  return {
    subject: `Return requested: ${item.rma}`,
    heading: 'A buyer asks to return an item',
    paragraphs: [
      `${item.contact_name} asks to return ${item.quantity} × "${item.title}". Approve it with instructions for sending it back, or reject it with a reason.`,
    ],
    lines: [returnedLine(item)],
    details,
    action: { label: 'Open the orders', href: '/orders' },
  };
}

export function returnApprovedMail(item: ReturnWithOrder): MailContent {
  return {
    subject: `Your return ${item.rma} is approved`,
    heading: 'Your return is approved',
    paragraphs: [
      `The seller approved your return of "${item.title}". Send it back as the instructions below say, and write ${item.rma} on the parcel.`,
      item.instructions,
    ],
    lines: [returnedLine(item)],
    details: [
      ['Return', item.rma],
      ['Order', item.payment_id],
    ],
    action: { label: 'See your orders', href: '/account' },
  };
}

export function returnRejectedMail(item: ReturnWithOrder): MailContent {
  return {
    subject: `Your return ${item.rma} was not accepted`,
    heading: 'Your return was not accepted',
    paragraphs: [
      `The seller did not accept your return of "${item.title}". Their reason:`,
      item.reject_reason,
      'You can answer in the order’s chat.',
    ],
    lines: [returnedLine(item)],
    details: [
      ['Return', item.rma],
      ['Order', item.payment_id],
    ],
    action: { label: 'See your orders', href: '/account' },
  };
}

export async function queueReturnRequestedMail(trx: Trx, item: ReturnWithOrder, at: string): Promise<void> {
  await queueMail(
    trx,
    {
      kind: 'return_requested',
      dedupeKey: `return_requested:${item.rma}`,
      to: 'seller',
      content: sellerReturnRequestedMail(item),
    },
    at,
  );
}

/** The buyer's e-mail of the seller's decision: approved (instructions) or rejected (reason). */
export async function queueReturnDecisionMail(
  trx: Trx,
  item: ReturnWithOrder,
  decision: 'approved' | 'rejected',
  at: string,
): Promise<void> {
  await queueMail(
    trx,
    {
      kind: `return_${decision}`,
      dedupeKey: `return_${decision}:${item.rma}`,
      to: { buyer: item.email },
      content: decision === 'approved' ? returnApprovedMail(item) : returnRejectedMail(item),
    },
    at,
  );
}
