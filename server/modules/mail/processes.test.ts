/**
 * The sender in real server processes: two of them over one database (a SQLite file, a PostgreSQL
 * schema) deliver each queued e-mail exactly once, and SIGTERM in the middle of a batch leaves no e-mail
 * claimed (the ones not begun are handed back, the ones in flight finish).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/harness.js';
import {
  prepareProcessDatabase,
  type ProcessDatabase,
  type ServerProcess,
  spawnServer,
  untilListening,
} from '../../test/server-process.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { queueMail } from './index.js';

async function queueMany(database: ProcessDatabase, count: number, prefix: string): Promise<void> {
  await database.handle.db.transaction().execute(async (trx) => {
    for (let i = 1; i <= count; i += 1) {
      await queueMail(
        trx,
        {
          kind: 'order_paid',
          dedupeKey: `${prefix}:${i}`,
          to: { buyer: `buyer${i}@example.com` },
          content: { subject: `${prefix} ${i}`, heading: 'Paid', paragraphs: ['Thank you.'] },
        },
        new Date().toISOString(),
      );
    }
  });
}

async function untilTrue(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const giveUp = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function mailSentBy(server: ServerProcess): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^mail_sent_total (\d+)/m.exec(text)?.[1] ?? 'NaN');
}

async function stop(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return (await server.exited).code;
}

describe.each(TEST_DIALECTS)('the sender in two server processes on %s', (dialect) => {
  let database: ProcessDatabase;
  let sink: SmtpSink;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await prepareProcessDatabase(dialect);
    sink = await startSmtpSink();
    for (let i = 0; i < 2; i += 1) {
      servers.push(
        await spawnServer({
          ...database.env,
          SMTP_URL: sink.url,
          PUBLIC_URL: 'https://shop.example',
          METRICS_ALLOW: '127.0.0.1',
        }),
      );
    }
    await Promise.all(servers.map((server) => untilListening(server)));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await sink?.close();
    await database?.close();
  });

  it('delivers each of 50 queued e-mails exactly once', { timeout: 60_000 }, async () => {
    await queueMany(database, 50, 'Shared');
    const outbox = () => database.handle.db.selectFrom('mail_outbox').selectAll().execute();
    await untilTrue(async () => (await outbox()).every((row) => row.status === 'sent'), 'all 50 marked sent');
    const counted = await Promise.all(servers.map(mailSentBy));
    // Both stopped: nothing can be in flight when the sink is counted.
    expect(await Promise.all(servers.map(stop))).toEqual([0, 0]);

    expect(counted[0]! + counted[1]!).toBe(50);
    expect(sink.received).toHaveLength(50);
    const subjects = new Set(sink.received.map((mail) => mail.subject));
    expect(subjects.size).toBe(50);
    for (const mail of sink.received) {
      expect(mail.to).toEqual([`buyer${mail.subject.split(' ')[1]}@example.com`]);
      expect(mail.text).toContain('https://shop.example/');
    }
    expect((await outbox()).filter((row) => row.locked_until !== null)).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('SIGTERM while the sender is busy on %s', (dialect) => {
  let database: ProcessDatabase;
  let server: ServerProcess;
  let smtp: SMTPServer;
  let accepted = 0;

  beforeAll(async () => {
    database = await prepareProcessDatabase(dialect);
    // A slow mail server: each message takes 100 ms, so a batch is still going when the signal comes.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () =>
          setTimeout(() => {
            accepted += 1;
            callback();
          }, 100),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    server = await spawnServer({ ...database.env, SMTP_URL: `smtp://127.0.0.1:${port}` });
    await untilListening(server);
  }, 90_000);
  afterAll(async () => {
    await server?.kill();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database?.close();
  });

  it('finishes the sends in flight, hands back the rest and exits 0', { timeout: 60_000 }, async () => {
    await queueMany(database, 200, 'Busy');
    await untilTrue(async () => accepted >= 8, 'a few e-mails accepted');
    expect(await stop(server)).toBe(0);

    const rows = await database.handle.db.selectFrom('mail_outbox').selectAll().execute();
    const sent = rows.filter((row) => row.status === 'sent');
    const waiting = rows.filter((row) => row.status === 'waiting');
    expect(sent.length).toBeGreaterThanOrEqual(8);
    expect(waiting.length).toBeGreaterThan(0);
    // Nothing left claimed: another process (or this one restarted) takes them at once.
    expect(rows.filter((row) => row.locked_until !== null)).toEqual([]);
    expect(waiting.every((row) => row.attempts === 0 && row.last_error === null)).toBe(true);
    // Every e-mail the server accepted is marked sent (none will go twice for this stop).
    expect(sent.length).toBe(accepted);
  });
});
