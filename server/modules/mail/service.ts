/** The admin's outbox: the list, resending one e-mail, and a test e-mail to see that mail goes out. */
import crypto from 'node:crypto';
import type {
  OutboxMail,
  OutboxQuery,
  OutboxResponse,
  OutboxTestBody,
} from '../../../shared/schemas/mail.js';
import { SHOPS } from '../../../shared/shops.js';
import { notFound } from '../../http/errors.js';
import { recordActivity } from '../activity/index.js';
import * as repo from './outbox-repository.js';
import { presentOutboxMail } from './presenter.js';

export async function listOutbox(
  db: repo.Db,
  sellerEmail: string | undefined,
  query: OutboxQuery,
): Promise<OutboxResponse> {
  const { rows, total } = await repo.listOutbox(
    db,
    query.status,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    items: rows.map((row) => presentOutboxMail(row, sellerEmail)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * A sent e-mail is queued to go out again now; a waiting one is made due now. Logged as the actor's
 * resend, with the e-mail's status before and after, in the same transaction.
 */
export async function resendMail(
  db: repo.Db,
  sellerEmail: string | undefined,
  id: number,
  actor: string,
  now = new Date(),
): Promise<OutboxMail> {
  const row = await db.transaction().execute(async (trx) => {
    const was = await repo.findMail(trx, id);
    const requeued = was && (await repo.requeueMail(trx, id, now.toISOString()));
    if (!was || !requeued) return undefined;
    await recordActivity(trx, {
      actor,
      action: 'outbox.resend',
      target: `mail ${id}`,
      before: { status: was.status, next_attempt_at: was.next_attempt_at },
      after: { status: requeued.status, next_attempt_at: requeued.next_attempt_at },
      at: now.toISOString(),
    });
    return requeued;
  });
  if (!row) throw notFound(`There is no e-mail ${id} in the outbox.`);
  return presentOutboxMail(row, sellerEmail);
}

/**
 * Queues a test e-mail, to `to` or else to the seller (SELLER_EMAIL): it goes through the outbox like
 * any other, so the outbox then shows whether the mail server took it.
 */
export async function queueTestMail(
  db: repo.Db,
  sellerEmail: string | undefined,
  body: OutboxTestBody,
  now = new Date(),
): Promise<OutboxMail> {
  const dedupeKey = `test:${crypto.randomUUID()}`;
  const shop = Object.values(SHOPS).find((candidate) => candidate.sells === 'on-site') ?? SHOPS.ayz;
  await repo.insertMail(
    db,
    {
      kind: 'test',
      dedupeKey,
      to: body.to ? { buyer: body.to } : 'seller',
      content: {
        subject: `Test e-mail from the ${shop.name}`,
        heading: 'E-mail from your shop arrives here',
        paragraphs: [
          'This is a test sent from the admin outbox. If you can read it, the shop’s e-mail reaches this address.',
        ],
        action: { label: 'Open the outbox', href: `${shop.adminRoute}/outbox` },
      },
    },
    now.toISOString(),
  );
  return presentOutboxMail((await repo.findMailByDedupeKey(db, dedupeKey))!, sellerEmail);
}
