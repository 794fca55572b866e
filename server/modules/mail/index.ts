/**
 * What other modules may use of mail (issue 18): queueMail, called inside the transaction of the event an
 * e-mail tells of, and the content types. Delivery is this module's own business: the app schedules the
 * sender, tests run a pass of it themselves (deliverDueMail), metrics and the start banner read from it.
 */
import { insertMail, type Db, type QueuedMail } from './outbox-repository.js';

export type { MailContent, MailRecipient } from './content.js';
export type { QueuedMail } from './outbox-repository.js';
export { countWaitingMail } from './outbox-repository.js';
export { mailRoutes } from './routes.js';
export {
  deliverDueMail,
  type DeliveryReport,
  mailSenderDeps,
  type MailSenderDeps,
  scheduleMailSender,
} from './sender.js';
export { createMailTransport, describeMailDelivery, mailDirectory, type MailTransport } from './transport.js';

/**
 * Queues an e-mail in the outbox. Call it with the transaction that records the event, so the e-mail
 * exists exactly when the event does; the same dedupeKey twice queues it once.
 */
export async function queueMail(db: Db, mail: QueuedMail, at: string): Promise<void> {
  await insertMail(db, mail, at);
}
