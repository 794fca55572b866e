/**
 * The outbox sender: every pass claims due e-mails with a lease (so with several app processes on one
 * database each e-mail is taken by one), renders and sends them, then marks them sent. A failure keeps
 * the e-mail waiting with its reason and a next try after an exponential back-off capped at a minute.
 * See README.md for what is guaranteed (at least once to the mail server) and what is not.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/types.js';
import { runPeriodically } from '../../periodic.js';
import type { MailContent } from './content.js';
import * as repo from './outbox-repository.js';
import { renderMail, shopAddress } from './render.js';
import {
  createMailTransport,
  DEFAULT_SMTP_TIMEOUTS,
  MailDeliveryError,
  type MailTransport,
  SMTP_CONNECTIONS,
  type SmtpTimeouts,
} from './transport.js';

/** E-mails claimed at once. */
export const SENDER_BATCH = 50;
/** Batches per pass: a pass is bounded, and the next starts a poll interval later. */
const BATCHES_PER_PASS = 20;
/** How long a claim holds: a sender that dies mid-batch leaves its e-mails to others after this. */
export const LEASE_MS = 120_000;
/** The longest one send may take; no send starts unless the lease outlasts it. */
export const SEND_DEADLINE_MS = 45_000;
/** Back-off ceiling: while the server refuses or is unreachable, each e-mail is tried at least once a minute. */
export const MAX_RETRY_DELAY_MS = 60_000;
export const SELLER_EMAIL_UNSET = 'SELLER_EMAIL is not set: the seller’s notices wait until it is.';

export interface MailSenderDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  /** Read at each send, so a seller notice waits while it is unset. */
  sellerEmail: string | undefined;
  /** shopAddress(PUBLIC_URL, PORT): the link back to the shop and the base of action paths. */
  shopUrl: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  onSent?: () => void;
  onFailed?: () => void;
  /** True once the process is closing: claimed e-mails not yet begun are handed back. */
  stopping?: () => boolean;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/** 1 s after the first failure, doubling, never more than a minute. */
export function retryDelayMs(failuresSoFar: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** Math.min(failuresSoFar, 16));
}

/** The sender's dependencies from the app's, with this transport (a test's own, or the configured one). */
export function mailSenderDeps(
  deps: { db: Kysely<Database>; config: Pick<Config, 'SELLER_EMAIL' | 'PUBLIC_URL' | 'PORT'> },
  transport: MailTransport,
): MailSenderDeps {
  return {
    db: deps.db,
    transport,
    sellerEmail: deps.config.SELLER_EMAIL,
    shopUrl: shopAddress(deps.config.PUBLIC_URL, deps.config.PORT),
  };
}

/** A failure no transport put into words: a short sentence for the outbox, no stack. */
function unforeseenFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  const sentence = `Could not send the e-mail: ${reason.replace(/\s+/g, ' ').trim() || 'no reason given'}`;
  return sentence.length > 300 ? `${sentence.slice(0, 297)}...` : sentence;
}

function readContent(row: repo.OutboxRow): MailContent | undefined {
  try {
    return JSON.parse(row.content) as MailContent;
  } catch {
    return undefined;
  }
}

/** One claimed batch: sent SMTP_CONNECTIONS at a time; stops early when the server itself fails. */
async function deliverBatch(
  deps: MailSenderDeps,
  rows: repo.OutboxRow[],
  clock: () => Date,
  claim: { at: number; lease: string },
) {
  const report: DeliveryReport = { sent: 0, failed: 0 };
  const queue = [...rows];
  let serverFailure: MailDeliveryError | undefined;
  const later = (row: repo.OutboxRow) =>
    new Date(clock().getTime() + retryDelayMs(row.attempts)).toISOString();

  const fail = async (row: repo.OutboxRow, error: string) => {
    await repo.markFailed(
      deps.db,
      [row.id],
      { error, nextAttemptAt: later(row), countAttempt: true },
      claim.lease,
    );
    report.failed += 1;
    deps.onFailed?.();
  };

  const deliverOne = async (row: repo.OutboxRow) => {
    const to = row.audience === 'seller' ? deps.sellerEmail : row.recipient;
    if (!to) {
      // Not a failed try (no server was asked): shown as failing, due again in a minute.
      const nextAttemptAt = new Date(clock().getTime() + MAX_RETRY_DELAY_MS).toISOString();
      await repo.markFailed(
        deps.db,
        [row.id],
        { error: SELLER_EMAIL_UNSET, nextAttemptAt, countAttempt: false },
        claim.lease,
      );
      return;
    }
    const content = readContent(row);
    if (!content) return fail(row, 'The stored content is not valid JSON.');
    // Whatever goes wrong with this e-mail (rendering it, or the transport failing in a way it did not
    // foresee) is its recorded failure, retried with back-off; only the database failing ends the pass.
    try {
      const rendered = renderMail(content, deps.shopUrl);
      await deps.transport.send(
        { id: row.id, kind: row.kind, to, ...rendered },
        AbortSignal.timeout(SEND_DEADLINE_MS),
      );
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) return fail(row, unforeseenFailure(error));
      if (error.scope === 'server') serverFailure ??= error;
      return fail(row, error.message);
    }
    await repo.markSent(deps.db, row.id, clock().toISOString(), claim.lease);
    report.sent += 1;
    deps.onSent?.();
  };

  const mayStart = () =>
    !serverFailure && !deps.stopping?.() && Date.now() + SEND_DEADLINE_MS < claim.at + LEASE_MS;
  const worker = async () => {
    while (queue.length > 0 && mayStart()) await deliverOne(queue.shift()!);
  };
  // Settled, not all: a database error in one worker must not end the pass while the others still send.
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(SMTP_CONNECTIONS, rows.length) }, worker),
  );
  const broken = settled.find((result) => result.status === 'rejected');
  if (broken) throw broken.reason;

  if (serverFailure) {
    // The same server would fail them the same way now: each counts a try and backs off.
    for (const row of queue) await fail(row, serverFailure.message);
  } else {
    await repo.releaseClaims(
      deps.db,
      queue.map((row) => row.id),
      claim.lease,
    );
  }
  return { report, serverFailure };
}

/**
 * One pass: claims and delivers due e-mails, batch after batch, until none is due, the server fails, the
 * process stops, or the pass has done its share. `now` fixes the clock (tests); else each batch reads it.
 */
export async function deliverDueMail(deps: MailSenderDeps, now?: Date): Promise<DeliveryReport> {
  const clock = () => now ?? new Date();
  const total: DeliveryReport = { sent: 0, failed: 0 };
  let stoppedBy: MailDeliveryError | undefined;
  for (let batch = 0; batch < BATCHES_PER_PASS && !stoppedBy && !deps.stopping?.(); batch += 1) {
    const at = clock();
    const claim = { at: Date.now(), lease: new Date(at.getTime() + LEASE_MS).toISOString() };
    const rows = await repo.claimDueMail(deps.db, at.toISOString(), claim.lease, SENDER_BATCH);
    if (rows.length === 0) break;
    const { report, serverFailure } = await deliverBatch(deps, rows, clock, claim);
    total.sent += report.sent;
    total.failed += report.failed;
    stoppedBy = serverFailure;
    if (rows.length < SENDER_BATCH) break;
  }
  // One line a pass, however many e-mails failed: a server that is down must not flood the log.
  if (total.failed > 0) {
    deps.log?.warn(
      { sent: total.sent, failed: total.failed },
      stoppedBy
        ? `e-mail not delivered, trying again with back-off: ${stoppedBy.message}`
        : 'some e-mails were refused, trying again with back-off',
    );
  }
  return total;
}

export interface MailSenderOptions {
  timeouts?: SmtpTimeouts;
  onSent?: () => void;
  onFailed?: () => void;
}

/**
 * Runs the sender in this process every `everyMs` (0: never). Several processes may each run it over one
 * database: the claim's lease gives each e-mail to one. On close, claimed e-mails not yet begun are
 * handed back at once rather than left to their lease.
 */
export function scheduleMailSender(
  app: FastifyInstance,
  everyMs: number,
  options: MailSenderOptions = {},
): void {
  if (everyMs <= 0) return;
  const transport = createMailTransport(app.deps.config, options.timeouts ?? DEFAULT_SMTP_TIMEOUTS);
  let stopping = false;
  const deps: MailSenderDeps = {
    ...mailSenderDeps(app.deps, transport),
    log: app.log,
    onSent: options.onSent,
    onFailed: options.onFailed,
    stopping: () => stopping,
  };
  app.addHook('preClose', async () => {
    stopping = true;
  });
  let pass: Promise<DeliveryReport> | undefined;
  runPeriodically(app, 'mail sender', everyMs, async () => {
    pass = deliverDueMail(deps);
    await pass;
  });
  app.addHook('onClose', async () => {
    // Closing the connections under a send would fail it (and count a try) although it may go through.
    await pass?.catch(() => undefined);
    transport.close();
  });
}
