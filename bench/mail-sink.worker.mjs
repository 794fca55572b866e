/**
 * The mail server of bench/mail.bench.ts: a real SMTP server (smtp-server) in its own thread, so taking
 * 1,000 messages costs the app's event loop nothing but its own sending. It keeps only each message's
 * Subject (every bench e-mail has its own) to count arrivals and duplicates; with workerData.keyBy
 * 'order' (real order e-mails, whose subjects repeat) the recipient, Subject and the order reference
 * (ord_…/grp_…, in every order e-mail's text) instead.
 * Messages in: 'count' -> { received, distinct, firstAt, lastAt } (times from performance.timeOrigin).
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';

const byOrder = workerData?.keyBy === 'order';
const ORDER_REF = /\b(?:ord|grp)_[\w-]{22}/;
const keys = new Set();
let received = 0;
let firstAt = 0;
let lastAt = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (byOrder || head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
      received += 1;
      if (byOrder) {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        keys.add(`${to}|${subject}|${ORDER_REF.exec(head)?.[0] ?? 'no reference'}`);
      } else keys.add(subject);
      const now = performance.timeOrigin + performance.now();
      if (!firstAt) firstAt = now;
      lastAt = now;
      callback();
    });
  },
});

server.listen(workerData?.port ?? 0, '127.0.0.1', () => {
  parentPort.postMessage({ port: server.server.address().port });
});

parentPort.on('message', (message) => {
  if (message === 'count') parentPort.postMessage({ received, distinct: keys.size, firstAt, lastAt });
  if (message === 'close') server.close(() => parentPort.postMessage({ closed: true }));
});
