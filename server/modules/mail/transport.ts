/**
 * Where rendered e-mails go: nodemailer over SMTP when SMTP_URL is set, else an RFC 822 `.eml` file per
 * e-mail under DATA_DIR/mail/ (made by nodemailer too, so it is the message an SMTP server would get).
 * A failure comes out as a MailDeliveryError: a short sentence without credentials, and whether it was
 * this message that was refused or the server that could not be used at all.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.js';

export interface OutgoingMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** Where e-mail goes, for the start banner and logs; never a password. */
  readonly description: string;
  send(mail: OutgoingMail, signal: AbortSignal): Promise<void>;
  close(): void;
}

/**
 * 'message': the server refused this e-mail (the next may go). 'server': it could not be reached, did not
 * answer, or refused us; the e-mails after it in the same pass would fail the same way.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly scope: 'message' | 'server',
  ) {
    super(message);
  }
}

export interface SmtpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectionMs: number;
  /** From connecting to the server's greeting. */
  greetingMs: number;
  /** Silence on an open connection. */
  socketMs: number;
}

/** Far below nodemailer's own (2 min, 30 s, 10 min): a stalled server must not hold the sender. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 30_000,
};

/** Connections kept open to the mail server; the sender sends this many e-mails at once. */
export const SMTP_CONNECTIONS = 4;

type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>;

export function mailDirectory(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'mail');
}

/** The server's address as the banner and errors show it: scheme, host and port, never the user or password. */
export function smtpAddress(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return `${url.protocol}//${url.hostname}:${url.port || (secure ? 465 : 587)}`;
}

/** One line for the start banner: where e-mail goes. */
export function describeMailDelivery(config: MailConfig): string {
  if (!config.SMTP_URL) {
    return `written as .eml files to ${mailDirectory(config)} (set SMTP_URL to send them)`;
  }
  return `sent through ${smtpAddress(config.SMTP_URL)} as ${config.MAIL_FROM}`;
}

interface NodemailerFailure {
  code?: string;
  name?: string;
  response?: string;
  responseCode?: number;
  message?: string;
}

function failureSentence(error: unknown, address: string, secrets: string[]): MailDeliveryError {
  const failure: NodemailerFailure = typeof error === 'object' && error !== null ? error : {};
  const reply = (failure.response ?? failure.message ?? '').replace(/\s+/g, ' ').trim();
  const clean = (sentence: string) => {
    let text = sentence.length > 300 ? `${sentence.slice(0, 297)}...` : sentence;
    for (const secret of secrets) if (secret) text = text.split(secret).join('***');
    return text;
  };
  switch (failure.code) {
    case 'EENVELOPE':
      return new MailDeliveryError(clean(`The mail server refused the recipient: ${reply}`), 'message');
    case 'EMESSAGE':
      return new MailDeliveryError(clean(`The mail server refused the message: ${reply}`), 'message');
    case 'EABORT':
      return new MailDeliveryError(
        `The mail server at ${address} took too long; the send was stopped.`,
        'server',
      );
    case 'ETIMEDOUT':
      return new MailDeliveryError(`The mail server at ${address} did not answer in time.`, 'server');
    case 'EAUTH':
    case 'ENOAUTH':
      return new MailDeliveryError(
        clean(`The mail server at ${address} refused the user name or password in SMTP_URL.`),
        'server',
      );
    case 'EDNS':
      return new MailDeliveryError(`The mail server's name in SMTP_URL could not be resolved.`, 'server');
    case 'ETLS':
      return new MailDeliveryError(
        clean(`TLS with the mail server at ${address} failed: ${reply}`),
        'server',
      );
  }
  if (/ECONNREFUSED/.test(reply)) {
    return new MailDeliveryError(`The mail server at ${address} refused the connection.`, 'server');
  }
  return new MailDeliveryError(
    clean(`Could not send through ${address}: ${reply || 'no reason given'}`),
    'server',
  );
}

function smtpTransport(smtpUrl: string, from: string, timeouts: SmtpTimeouts): MailTransport {
  // Parsed here rather than by nodemailer so that user and password are percent-decoded the WHATWG way.
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  const address = smtpAddress(smtpUrl);
  const transporter = nodemailer.createTransport(
    {
      pool: true,
      maxConnections: SMTP_CONNECTIONS,
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(user || pass ? { auth: { user, pass } } : {}),
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      // Content is text only: nothing in it may make nodemailer read a file or fetch a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from },
  );
  return {
    description: `sent through ${address} as ${from}`,
    async send(mail, signal) {
      try {
        await transporter.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          signal,
        });
      } catch (error) {
        throw failureSentence(error, address, [pass, encodeURIComponent(pass)]);
      }
    },
    close: () => transporter.close(),
  };
}

/** A name that sorts by when it was written: 2026-05-01T10-00-00.000Z-00000042-order_paid.eml */
export function emlFileName(mail: Pick<OutgoingMail, 'id' | 'kind'>, at: Date): string {
  const stamp = at.toISOString().replace(/:/g, '-');
  const kind = mail.kind.replace(/[^a-z0-9_-]/gi, '_').slice(0, 40);
  return `${stamp}-${String(mail.id).padStart(8, '0')}-${kind}.eml`;
}

function fileTransport(directory: string, from: string): MailTransport {
  const composer = nodemailer.createTransport(
    {
      streamTransport: true,
      buffer: true,
      newline: 'windows',
      disableFileAccess: true,
      disableUrlAccess: true,
    },
    { from },
  );
  return {
    description: `written as .eml files to ${directory}`,
    async send(mail) {
      let info: { message: unknown };
      try {
        info = await composer.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'unknown error';
        throw new MailDeliveryError(`Could not compose the e-mail: ${reason}`, 'message');
      }
      const file = path.join(directory, emlFileName(mail, new Date()));
      // Written whole or not at all: a reader never sees half a message.
      const partial = `${file}.partial`;
      try {
        await fs.mkdir(directory, { recursive: true });
        await fs.writeFile(partial, info.message as Buffer);
        await fs.rename(partial, file);
      } catch (error) {
        const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unknown error';
        throw new MailDeliveryError(`Could not write the e-mail to ${directory} (${reason}).`, 'server');
      }
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(
  config: MailConfig,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): MailTransport {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM, timeouts)
    : fileTransport(mailDirectory(config), config.MAIL_FROM);
}
