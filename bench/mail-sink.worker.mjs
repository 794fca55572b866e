/**
 * The mail server of bench/mail.bench.ts: a real SMTP server (smtp-server) in its own thread, so taking
 * 1,000 messages costs the app's event loop nothing but its own sending. It keeps only each message's
 * Subject (every bench e-mail has its own) to count arrivals and duplicates.
 * Messages in: 'count' -> { received, distinct, firstAt, lastAt } (times from performance.timeOrigin).
 * Plain JavaScript: Node 20 does not pass tsx's loader on to worker threads.
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';

const subjects = new Set();
let received = 0;
let firstAt = 0;
let lastAt = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim() ?? '';
      received += 1;
      subjects.add(subject);
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
  if (message === 'count') parentPort.postMessage({ received, distinct: subjects.size, firstAt, lastAt });
  if (message === 'close') server.close(() => parentPort.postMessage({ closed: true }));
});
