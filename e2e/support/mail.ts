/**
 * The e-mails the server under test wrote: without SMTP_URL each one is an .eml file under
 * DATA_DIR/mail/ (named so that they sort by when they were written). Read with mailparser, as a mail
 * client would.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

function mailDirectory(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  return path.join(dataDir, 'mail');
}

function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((address) => address.value.map((entry) => entry.address?.toLowerCase() ?? ''));
}

/**
 * The newest e-mail to `to` that `matches`, or null when none (yet). Files appear whole (the server
 * renames a finished file into place), so a file listed is a file that can be read.
 */
export async function newestMail(
  to: string,
  matches: (mail: ParsedMail) => boolean,
): Promise<ParsedMail | null> {
  const names = await fs.readdir(mailDirectory()).catch(() => [] as string[]);
  for (const name of names
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()) {
    const mail = await simpleParser(await fs.readFile(path.join(mailDirectory(), name)));
    if (recipients(mail).includes(to.toLowerCase()) && matches(mail)) return mail;
  }
  return null;
}

/** Every link of the e-mail's HTML part, as written. */
export function linksOf(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}
