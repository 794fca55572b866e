/**
 * A real SMTP server for tests (the smtp-server package): it receives what the app's sender delivers,
 * parses each message (mailparser) and keeps it. A test can make it refuse mail for a while, or close
 * it and start it again on the same port, to see that nothing queued is lost.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** SMTP_URL for it, e.g. smtp://127.0.0.1:41234 */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** While true, every message is refused with a temporary error (451). */
  refusing: boolean;
  /** Resolves with the first message `match` accepts, waiting up to `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const sink: SmtpSink = {
    url: '',
    port: 0,
    received,
    refusing: false,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          const seen = received.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none';
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        if (!check()) waiters.add(check as () => void);
      });
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (sink.refusing) {
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              raw,
              parsed,
            });
            for (const waiter of [...waiters]) waiter();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  sink.port = address.port;
  sink.url = `smtp://127.0.0.1:${address.port}`;
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
