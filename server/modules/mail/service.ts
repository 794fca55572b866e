/** The admin's outbox: the list and resending one e-mail. */
import type { OutboxMail, OutboxQuery, OutboxResponse } from '../../../shared/schemas/mail.js';
import { notFound } from '../../http/errors.js';
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

/** A sent e-mail is queued to go out again now; a waiting one is made due now. */
export async function resendMail(
  db: repo.Db,
  sellerEmail: string | undefined,
  id: number,
  now = new Date(),
): Promise<OutboxMail> {
  const row = await repo.requeueMail(db, id, now.toISOString());
  if (!row) throw notFound(`There is no e-mail ${id} in the outbox.`);
  return presentOutboxMail(row, sellerEmail);
}
