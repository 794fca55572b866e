/**
 * CSV export and import of a shop's catalogue, both streamed: the export walks the shop in id order a
 * page at a time, the import reads the body a batch of rows at a time, so neither holds the file.
 */
import { pipeline, Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { adminProductBodySchema } from '../../../shared/schemas/admin.js';
import type { ImportError, ImportResponse } from '../../../shared/schemas/adminProducts.js';
import { MAX_PRODUCT_ID, productIdSchema } from '../../../shared/schemas/common.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database, NewProductRow, ProductConditionRow, ProductRow } from '../../db/types.js';
import { conditionRows, productColumns } from '../admin-catalog/service.js';
import * as catalogRepo from '../catalog/repository.js';
import { csvColumns, IMAGE_URLS_COLUMN, newImageLinks, productRecord } from './csv-columns.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

const EXPORT_PAGE = 1000;
const IMPORT_BATCH = 500;
/** An answer lists at most this many errors; the first ones say what to fix. */
export const MAX_REPORTED_ERRORS = 1000;

function conditionsById(rows: readonly ProductConditionRow[]): Map<number, ProductConditionRow[]> {
  const byId = new Map<number, ProductConditionRow[]>();
  for (const row of rows) byId.set(row.product_id, [...(byId.get(row.product_id) ?? []), row]);
  return byId;
}

/**
 * Cells escaped against formulas: csv-stringify's escape_formulas puts ' before a cell starting with
 * = + - @ (or a tab); the export puts one more before a stored value that already starts with ' and
 * then such a character. The import takes exactly one ' off every cell of that shape, so each value
 * comes back as stored, whatever its quotes.
 */
const ESCAPED_FORMULA = /^'+[-=+@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A stored value that already looks escaped keeps its own ' through the round trip (one more goes on). */
function keepLiteralQuotes(record: Record<string, string>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [column, value] of Object.entries(record)) {
    cells[column] = ESCAPED_FORMULA.test(value) ? `'${value}` : value;
  }
  return cells;
}

function unescapeFormulas(record: Record<string, string>): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const [column, value] of Object.entries(record)) {
    cells[column] = ESCAPED_FORMULA.test(value) ? value.slice(1) : value;
  }
  return cells;
}

/** Every product of the shop as CSV text, a page of rows at a time. */
export function exportProducts(db: Db, shopKey: ShopKey, origin: string): Readable {
  const columns = csvColumns(shopKey);
  async function* records() {
    let afterId = 0;
    for (;;) {
      const page = await repo.findProductsAfter(db, shopKey, afterId, EXPORT_PAGE);
      if (page.length === 0) return;
      const conditions = SHOPS[shopKey].hasConditions
        ? conditionsById(
            await catalogRepo.findConditions(
              db,
              shopKey,
              page.map((p) => p.id),
            ),
          )
        : new Map<number, ProductConditionRow[]>();
      for (const product of page) {
        yield keepLiteralQuotes(productRecord(shopKey, product, conditions.get(product.id) ?? [], origin));
      }
      afterId = page.at(-1)!.id;
    }
  }
  // escape_formulas: a cell starting with = + - @ (or a tab) gets a leading ' so a spreadsheet shows it
  // as text instead of running it as a formula (CSV injection); the import takes that ' off again.
  const csv = stringify({ header: true, columns, escape_formulas: true });
  // pipeline, not pipe: a failing query ends the download with an error instead of an unhandled one.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

/** Thrown inside the import's transaction to roll the whole file back with its report. */
class RolledBack extends Error {
  constructor(readonly report: ImportResponse) {
    super('import rolled back');
  }
}

interface Row {
  line: number;
  record: Record<string, string>;
}

/** Header problems: a column the shop does not have, or one given twice. */
function headerErrors(shopKey: ShopKey, header: readonly string[]): ImportError[] {
  const known = new Set(csvColumns(shopKey));
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  for (const column of header) {
    // A few say what is wrong; a header of thousands of stray columns must not make a huge answer.
    if (errors.length === 20) break;
    if (!known.has(column)) {
      errors.push({
        line: 1,
        field: column.slice(0, 100),
        error: `is not a column of the ${SHOPS[shopKey].name} CSV (its columns: ${[...known].join(', ')})`,
      });
    } else if (seen.has(column)) {
      errors.push({ line: 1, field: column, error: 'is given twice' });
    }
    seen.add(column);
  }
  if (!seen.has('id') && !seen.has('title')) {
    errors.push({
      line: 1,
      field: 'id',
      error: 'the header needs an id column (or title to add new products)',
    });
  }
  return errors;
}

class Importer {
  readonly report: ImportResponse = { created: 0, updated: 0, unchanged: 0, errors: [], imageLinks: [] };
  /** The line each id was first seen on: an id twice in one file is a mistake. */
  private readonly seen = new Map<number, number>();
  private nextId = 0;
  /** Ids given to rows without one: an explicit id later in the file may still ask for one of them. */
  private readonly allocated = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly shopKey: ShopKey,
    private readonly origin: string,
    private readonly write: boolean,
  ) {}

  async start(): Promise<void> {
    this.nextId = (await catalogRepo.maxProductId(this.db, this.shopKey)) + 1;
  }

  private error(line: number, field: string, error: string): void {
    if (this.report.errors.length < MAX_REPORTED_ERRORS) this.report.errors.push({ line, field, error });
    else this.report.errors.length = MAX_REPORTED_ERRORS;
  }

  private idOf(row: Row): number | undefined {
    const cell = row.record.id?.trim() ?? '';
    if (cell === '') {
      while (this.seen.has(this.nextId)) this.nextId += 1;
      if (this.nextId > MAX_PRODUCT_ID) {
        this.error(row.line, 'id', `the ${SHOPS[this.shopKey].name} has used every product ID`);
        return undefined;
      }
      this.allocated.add(this.nextId);
      return this.nextId++;
    }
    const parsed = productIdSchema.safeParse(cell);
    if (!parsed.success) {
      this.error(row.line, 'id', parsed.error.issues[0]!.message);
      return undefined;
    }
    const first = this.seen.get(parsed.data);
    if (first !== undefined) {
      const given = this.allocated.has(parsed.data) ? ', the row without an id that took it' : '';
      this.error(row.line, 'id', `${parsed.data} is also on line ${first}${given}`);
      return undefined;
    }
    return parsed.data;
  }

  async batch(rows: readonly Row[]): Promise<void> {
    const named = rows
      .map((row) => Number(row.record.id?.trim()))
      .filter((id) => Number.isInteger(id) && id > 0);
    const existing = new Map(
      (await repo.findProductsByIds(this.db, this.shopKey, named)).map((p) => [p.id, p]),
    );
    const conditions = SHOPS[this.shopKey].hasConditions
      ? conditionsById(await catalogRepo.findConditions(this.db, this.shopKey, [...existing.keys()]))
      : new Map<number, ProductConditionRow[]>();
    for (const row of rows) {
      const id = this.idOf(row);
      if (id === undefined) continue;
      this.seen.set(id, row.line);
      const stored = existing.get(id);
      await this.row(row, id, stored, conditions.get(id) ?? []);
    }
  }

  /** One row: the stored product's own values under the file's cells, checked by the admin form's schema. */
  private async row(row: Row, id: number, stored: ProductRow | undefined, conditions: ProductConditionRow[]) {
    const shop = SHOPS[this.shopKey];
    const base: Record<string, string> = stored
      ? productRecord(this.shopKey, stored, conditions, this.origin)
      : {};
    const { [IMAGE_URLS_COLUMN]: imageCell = '', ...fields } = { ...base, ...row.record };
    const parsed = adminProductBodySchema.safeParse({ ...fields, id: String(id) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        this.error(row.line, String(issue.path[0] ?? ''), issue.message);
      return;
    }
    const links =
      row.record[IMAGE_URLS_COLUMN] === undefined
        ? []
        : newImageLinks(imageCell, this.shopKey, id, stored?.image_count ?? 0);
    if (links.length > 0) this.report.imageLinks.push({ id, links });
    // Every cell as the export writes it: unchanged, without sanitizing the description again (the
    // costliest step of a row; a stored description is sanitized already).
    const asExported = Object.entries(fields).every(([column, value]) => base[column] === value);
    if (stored && asExported) {
      this.report.unchanged += 1;
      return;
    }
    const columns = productColumns(shop, parsed.data);
    const rows = conditionRows(shop, parsed.data);
    if (stored) {
      // Only what differs is written: an unchanged title leaves the search index alone, unchanged
      // conditions stay as they are, and a row that changes nothing keeps its updated_at.
      const changes = changedColumns(stored, columns, shop.hasConditions);
      const conditionsChange = !sameConditions(conditions, rows);
      if (Object.keys(changes).length === 0 && !conditionsChange) {
        this.report.unchanged += 1;
        return;
      }
      this.report.updated += 1;
      if (!this.write || this.report.errors.length > 0) return;
      const at = new Date().toISOString();
      await catalogRepo.updateProduct(
        this.db,
        this.shopKey,
        id,
        { ...changes, updated_at: at },
        conditionsChange ? rows : [],
      );
      return;
    }
    this.report.created += 1;
    if (!this.write || this.report.errors.length > 0) return;
    const now = new Date().toISOString();
    const product: NewProductRow = {
      shop: this.shopKey,
      id,
      ...columns,
      view_count: 0,
      image_count: 0,
      stock_quantity: 0,
      created_at: now,
      updated_at: now,
    };
    await catalogRepo.insertProduct(this.db, product, rows);
  }
}

/**
 * The columns a checked row changes. The open box's price column is left out: it is derived from the
 * conditions (compared by sameConditions), whatever the form body says.
 */
function changedColumns(
  stored: ProductRow,
  columns: ReturnType<typeof productColumns>,
  hasConditions: boolean,
): Partial<ReturnType<typeof productColumns>> {
  return Object.fromEntries(
    Object.entries(columns).filter(
      ([key, value]) =>
        !(hasConditions && key === 'price_cents') && stored[key as keyof ProductRow] !== value,
    ),
  );
}

function sameConditions(
  stored: readonly ProductConditionRow[],
  wanted: readonly catalogRepo.ConditionInput[],
): boolean {
  return wanted.every((condition) => {
    const row = stored.find((c) => c.condition === condition.condition);
    return (
      row !== undefined &&
      row.price_cents === condition.price_cents &&
      row.available_quantity === condition.available_quantity
    );
  });
}

/** How a CSV the parser refused reads to the operator. */
function parseFailure(error: unknown): ImportError {
  const details = error as { lines?: number; message?: string };
  return {
    line: details.lines ?? 0,
    field: '',
    error: `is not valid CSV: ${details.message ?? 'unreadable'}`,
  };
}

/**
 * Reads the CSV and checks every row the way the admin form checks one. A dry run writes nothing; a
 * real import applies the whole file in one transaction, or nothing when any row is wrong.
 */
export async function importProducts(
  db: Db,
  shopKey: ShopKey,
  body: Readable,
  options: { dryRun: boolean; origin: string },
): Promise<ImportResponse> {
  const run = async (scope: Db): Promise<ImportResponse> => {
    const importer = new Importer(scope, shopKey, options.origin, !options.dryRun);
    await importer.start();
    if (!options.dryRun) await catalogRepo.deferCatalogVersionBumps(scope);
    let header: ImportError[] = [];
    let sawHeader = false;
    const parser = body.pipe(
      parse({
        bom: true,
        info: true,
        skip_empty_lines: true,
        max_record_size: 1_000_000,
        columns: (names: string[]) => {
          sawHeader = true;
          header = headerErrors(
            shopKey,
            names.map((name) => name.trim()),
          );
          return names.map((name) => name.trim());
        },
      }),
    );
    body.on('error', (error) => parser.destroy(error));
    let batch: Row[] = [];
    let lastLine = 1;
    let emptyLines = 0;
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: Record<string, string>;
        info: Info;
      }>) {
        if (header.length > 0) break;
        // The line a row starts on: after the previous row and any blank lines skipped since.
        const line = lastLine + 1 + (info.empty_lines - emptyLines);
        lastLine = info.lines;
        emptyLines = info.empty_lines;
        batch.push({ line, record: unescapeFormulas(record) });
        if (batch.length === IMPORT_BATCH) {
          await importer.batch(batch);
          batch = [];
        }
      }
      if (header.length === 0) await importer.batch(batch);
    } catch (error) {
      // csv-parse's own errors say what is wrong with the file; anything else is not the file's fault.
      if (!String((error as { code?: unknown }).code ?? '').startsWith('CSV_')) throw error;
      importer.report.errors.push(parseFailure(error));
    }
    if (header.length > 0) importer.report.errors = header;
    if (!sawHeader && importer.report.errors.length === 0) {
      importer.report.errors.push({
        line: 1,
        field: '',
        error: 'is empty: the file needs a header row naming its columns',
      });
    }
    if (!options.dryRun && importer.report.errors.length > 0) throw new RolledBack(importer.report);
    if (!options.dryRun) await catalogRepo.bumpCatalogVersion(scope, shopKey);
    return importer.report;
  };
  if (options.dryRun) return run(db);
  try {
    return await db.transaction().execute(run);
  } catch (error) {
    // Nothing was written: the counts say so, the errors say why.
    if (error instanceof RolledBack) {
      return { ...error.report, created: 0, updated: 0, unchanged: 0, imageLinks: [] };
    }
    throw error;
  }
}
