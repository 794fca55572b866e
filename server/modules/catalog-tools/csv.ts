import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { CsvError, parse, type Info } from 'csv-parse';
import type { ImportError, ImportResponse } from '../../../shared/schemas/adminProducts.js';
import { type ShopKey } from '../../../shared/shops.js';
import { badRequest } from '../../http/errors.js';
import { csvErrorSentence, MAX_ROW_CHARACTERS, requireUtf8 } from './csv-text.js';
import { applyChanges, type ImportLog, pacer } from './import-apply.js';
import { unescapeFormulas } from './csv-cells.js';
import { FileCheck, type Row, headerErrors } from './import-check.js';

export { exportProducts } from './csv-export.js';
export { MAX_REPORTED_ERRORS } from './import-check.js';

type Db = Kysely<Database>;

const IMPORT_BATCH = 500;

/** Lets the event loop serve other requests (a setImmediate turn). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the file through csv-parse into `check`, a batch of rows at a time. A file that is not UTF-8
 * or not CSV is refused with a 400 naming the line; header problems are reported as error lines.
 */
async function readRows(
  shopKey: ShopKey,
  body: Readable,
  check: FileCheck,
  log: ImportLog | undefined,
): Promise<void> {
  let header: ImportError[] = [];
  let sawHeader = false;
  // The line a row starts on: after the previous row and any blank lines skipped since.
  let lastLine = 1;
  let emptyLines = 0;
  const rowLine = (empty: number) => lastLine + 1 + (empty - emptyLines);
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    max_record_size: MAX_ROW_CHARACTERS,
    columns: (names: string[]) => {
      sawHeader = true;
      header = headerErrors(
        shopKey,
        names.map((name) => name.trim()),
      );
      return names.map((name) => name.trim());
    },
    // Runs as csv-parse reads, so the line count is that of the row, not of how far it has read since.
    on_record: ({ record, info }: { record: Record<string, string>; info: Info }): Row => {
      const line = rowLine(info.empty_lines);
      lastLine = info.lines;
      emptyLines = info.empty_lines;
      return { line, record: unescapeFormulas(record) };
    },
  });
  // The parser ends with the error of any stream before it (a byte that is not UTF-8).
  pipeline(body, requireUtf8(), parser, () => undefined);
  let batch: Row[] = [];
  try {
    for await (const row of parser as AsyncIterable<Row>) {
      if (header.length > 0) break;
      batch.push(row);
      if (batch.length === IMPORT_BATCH) {
        await check.batch(batch);
        batch = [];
        log?.debug({ shop: shopKey, rows: check.rows }, 'CSV import progress');
        await nextTurn();
      }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const details = error as CsvError & { empty_lines?: number };
      throw badRequest(csvErrorSentence(error, rowLine(details.empty_lines ?? emptyLines)));
    }
    throw error;
  }
  if (header.length > 0) {
    check.report.errors = header;
    return;
  }
  await check.batch(batch);
  if (!sawHeader && check.report.errors.length === 0) {
    check.report.errors.push({
      line: 1,
      field: '',
      error: 'is empty: the file needs a header row naming its columns',
    });
  }
}

/** Nothing was written: the counts say so, the errors say why. */
const refused = (errors: ImportError[]): ImportResponse => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  errors,
  imageLinks: [],
});

/**
 * Reads the CSV and checks every row the way the admin form checks one. A dry run writes nothing; a
 * real import applies the whole file in one transaction, or nothing when any row is wrong (or its
 * product changed while the file was being read).
 */
export async function importProducts(
  db: Db,
  shopKey: ShopKey,
  body: Readable,
  options: { dryRun: boolean; origin: string; log?: ImportLog; actor: string },
): Promise<ImportResponse> {
  const { dryRun, log } = options;
  const started = performance.now();
  log?.info({ shop: shopKey, dryRun }, 'CSV import started');
  const check = new FileCheck(db, shopKey, options.origin, !dryRun, pacer());
  await check.start();
  await readRows(shopKey, body, check, log);
  const { report } = check;
  log?.info(
    {
      shop: shopKey,
      dryRun,
      rows: check.rows,
      errors: report.errors.length,
      ms: Math.round(performance.now() - started),
    },
    'CSV import checked',
  );
  if (dryRun) return report;
  if (report.errors.length > 0) return refused(report.errors);
  const conflicts = await applyChanges(db, shopKey, check.changes, options.actor, log);
  return conflicts.length > 0 ? refused(conflicts) : report;
}
