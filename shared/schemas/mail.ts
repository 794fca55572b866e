/**
 * The admin's outbox (issue 18): every e-mail the shop queued, sent or still waiting, with why the last
 * try failed. The server validates and answers with these; the admin screen types its calls with them.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { databaseIdSchema, wholeNumber } from './common.js';

/** Admin outbox list: default and largest page. */
export const OUTBOX_PAGE_SIZE = 50;
export const MAX_OUTBOX_PAGE_SIZE = 200;

/** 'failing' is waiting with a last error; 'waiting' is waiting without one (not yet tried, or due soon). */
export const OUTBOX_FILTERS = ['all', 'sent', 'waiting', 'failing'] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];

export const outboxQuerySchema = z.object({
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_OUTBOX_PAGE_SIZE).default(OUTBOX_PAGE_SIZE),
  status: z.enum(OUTBOX_FILTERS, { error: `must be one of ${OUTBOX_FILTERS.join(', ')}` }).default('all'),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  /** What it tells of, e.g. order_paid, chat_message. */
  kind: z.string(),
  audience: z.enum(['buyer', 'seller']),
  /** The buyer's address; for the seller's notices SELLER_EMAIL, or 'seller' while it is unset. */
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(['sent', 'waiting', 'failing']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** Tries the mail server refused or could not take. */
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** When the sender tries it next; null once sent. */
  next_attempt_at: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResponseSchema = z.object({
  items: z.array(outboxMailSchema),
  /** E-mails the filter matches, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const outboxIdParamsSchema = z.object({ id: databaseIdSchema });

/** A test e-mail from the admin: to this address, or to SELLER_EMAIL when none is given. */
export const outboxTestBodySchema = z.object({
  to: z.email({ error: 'must be an e-mail address' }).max(300).optional(),
});
export type OutboxTestBody = z.infer<typeof outboxTestBodySchema>;
