/**
 * What makes an imported file unreadable, as sentences naming the line: bytes that are not UTF-8, and
 * every error csv-parse raises. Both answer 400; neither is the server's fault.
 */
import { Transform } from 'node:stream';
import type { CsvError } from 'csv-parse';
import { badRequest, type HttpError } from '../../http/errors.js';

const NEWLINE = 0x0a;

function countNewlines(bytes: Buffer, end: number): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1 && at < end; at = bytes.indexOf(NEWLINE, at + 1)) {
    count += 1;
  }
  return count;
}

/**
 * The offset of the first byte from `start` that cannot begin or continue a well-formed UTF-8 sequence
 * (the ranges of RFC 3629: no overlong forms, surrogates or code points past U+10FFFF), or -1 when there
 * is none; a sequence cut off by the end of `bytes` is left for the next chunk to finish.
 */
function firstInvalidByte(bytes: Buffer, start: number): number {
  let at = start;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    let follow: number;
    if (lead >= 0xc2 && lead <= 0xdf) follow = 1;
    else if (lead >= 0xe0 && lead <= 0xef) follow = 2;
    else if (lead >= 0xf0 && lead <= 0xf4) follow = 3;
    else return at;
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= follow; k += 1) {
      if (at + k >= bytes.length) return -1;
      const next = bytes[at + k]!;
      if (next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return at;
    }
    at += follow + 1;
  }
  return -1;
}

const notUtf8 = (line: number, byte: number | undefined): HttpError =>
  badRequest(
    `Line ${line} of the CSV file is not UTF-8 text${byte === undefined ? '' : ` (byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')})`}: save the file as "CSV UTF-8" and import it again.`,
  );

/**
 * Passes the bytes through unchanged, failing the stream with a 400 naming the line at the first byte
 * that is not UTF-8. A strict decoder checks each chunk (it carries a character cut at a chunk's end
 * over to the next); only a failing chunk is scanned byte by byte, to find its line.
 */
export function requireUtf8(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        // Continuation bytes at the start finish a character the last chunk began; the scan starts after.
        let start = 0;
        while (start < Math.min(3, chunk.length) && (chunk[start]! & 0xc0) === 0x80) start += 1;
        const bad = Math.max(0, firstInvalidByte(chunk, start));
        done(notUtf8(line + countNewlines(chunk, bad), chunk[bad]));
        return;
      }
      line += countNewlines(chunk, chunk.length);
      done(null, chunk);
    },
    flush(done) {
      try {
        decoder.decode();
      } catch {
        // The file ends in the middle of a character.
        done(notUtf8(line, undefined));
        return;
      }
      done();
    },
  });
}

/** The most characters one row may hold (csv-parse's max_record_size). */
export const MAX_ROW_CHARACTERS = 1_000_000;

/**
 * A csv-parse error as the sentence the import answers. `rowLine` is the line the failing row starts
 * on; csv-parse's own count is the line it had reached, which for an unclosed quote is the file's end.
 */
export function csvErrorSentence(error: CsvError, rowLine: number): string {
  const details = error as CsvError & {
    lines?: number;
    column?: unknown;
    record?: unknown;
    columns?: unknown;
  };
  const line = details.lines ?? rowLine;
  switch (error.code as string) {
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_OPENING_QUOTE': {
      const cell = typeof details.column === 'string' ? `the ${details.column} cell` : 'a cell';
      return `Line ${line} is not valid CSV: ${cell} has a quote (") inside it but does not start with one. Put the whole cell in quotes and double each quote inside it, e.g. "a ""stray"" quote".`;
    }
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `Line ${line} is not valid CSV: a quoted cell goes on after its closing quote. Double each quote inside a quoted cell ("").`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `Line ${rowLine} is not valid CSV: a cell opens a quote (") that is never closed.`;
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const cells = Array.isArray(details.record) ? details.record.length : undefined;
      const columns = Array.isArray(details.columns) ? details.columns.length : undefined;
      return cells !== undefined && columns !== undefined
        ? `Line ${rowLine} is not valid CSV: it has ${cells} cells but the header has ${columns} columns.`
        : `Line ${rowLine} is not valid CSV: it does not have as many cells as the header has columns.`;
    }
    case 'CSV_MAX_RECORD_SIZE':
      return `Line ${rowLine} is not valid CSV: the row is longer than ${MAX_ROW_CHARACTERS.toLocaleString('en-US')} characters.`;
    default:
      return `Line ${line} is not valid CSV: ${error.message.replace(/\.$/, '')}.`;
  }
}
