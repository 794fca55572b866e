/** The CSV import's check of each row, outside any transaction: the admin form's schema over the stored product, versions compared, and only what differs kept for import-apply.ts. */
import type { Kysely } from 'kysely';
import { adminProductBodySchema } from '../../../shared/schemas/admin.js';
import type { ImportError, ImportResponse } from '../../../shared/schemas/adminProducts.js';
import { MAX_PRODUCT_ID, productIdSchema } from '../../../shared/schemas/common.js';
import { shopFields } from '../../../shared/productFields.js';
import { type ShopConfig, SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database, ProductConditionRow, ProductRow } from '../../db/types.js';
import { conditionRows, productColumns } from '../product-editor/index.js';
import * as catalogRepo from '../catalog/index.js';
import type { ConditionInput } from '../stock/index.js';
import {
  csvColumns,
  IMAGE_URLS_COLUMN,
  newImageLinks,
  productRecord,
  VERSION_COLUMN,
  withoutReadOnly,
} from './csv-columns.js';
import { type ImportChanges, type PlannedUpdate } from './import-apply.js';
import * as repo from './repository.js';
import { conditionsById } from './csv-cells.js';

type Db = Kysely<Database>;

/** An answer lists at most this many errors; the first ones say what to fix. */
export const MAX_REPORTED_ERRORS = 1000;

export interface Row {
  line: number;
  record: Record<string, string>;
}

/** Header problems: a column the shop does not have, or one given twice. */
export function headerErrors(shopKey: ShopKey, header: readonly string[]): ImportError[] {
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

const changedSince = (stored: string) =>
  `This product changed since it was exported (saved or sold; its updated_at is now ${stored}). Export the shop again and make this row's changes in the new file.`;

const STOCK_NEEDS_VERSION =
  "This row changes the product's stock but has no updated_at: stock is changed only by a row carrying the updated_at of a fresh export, so units sold since are never brought back. Export the shop again, or leave the quantity columns out.";

/**
 * Checks the file's rows the way the admin form checks one, against the stored products, and keeps
 * what a real import would write: only the columns and conditions that differ.
 */
export class FileCheck {
  readonly report: ImportResponse = { created: 0, updated: 0, unchanged: 0, errors: [], imageLinks: [] };
  readonly changes: ImportChanges = { updates: [], inserts: [] };
  /** The line each id was first seen on: an id twice in one file is a mistake. */
  private readonly seen = new Map<number, number>();
  private nextId = 0;
  /** Ids given to rows without one: an explicit id later in the file may still ask for one of them. */
  private readonly allocated = new Set<number>();
  /** Rows checked so far, for the log. */
  rows = 0;

  constructor(
    private readonly db: Db,
    private readonly shopKey: ShopKey,
    private readonly origin: string,
    /** A dry run keeps no changes, only the report. */
    private readonly keepChanges: boolean,
    private readonly pause: () => Promise<void>,
  ) {}

  async start(): Promise<void> {
    this.nextId = (await catalogRepo.maxProductId(this.db, this.shopKey)) + 1;
  }

  private error(line: number, field: string, error: string): void {
    if (this.report.errors.length < MAX_REPORTED_ERRORS) this.report.errors.push({ line, field, error });
    else this.report.errors.length = MAX_REPORTED_ERRORS;
  }

  /** Nothing is written once a row is wrong: its changes need not be kept. */
  private get keeping(): boolean {
    return this.keepChanges && this.report.errors.length === 0;
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
      // Only ids the row check accepts reach the database: 2147483648 would be a 500 on PostgreSQL.
      .map((row) => productIdSchema.safeParse(row.record.id ?? '').data)
      .filter((id) => id !== undefined);
    const existing = new Map(
      (await repo.findProductsByIds(this.db, this.shopKey, named)).map((p) => [p.id, p]),
    );
    const conditions =
      SHOPS[this.shopKey].sells === 'on-site'
        ? conditionsById(await catalogRepo.findConditions(this.db, this.shopKey, [...existing.keys()]))
        : new Map<number, ProductConditionRow[]>();
    for (const row of rows) {
      this.rows += 1;
      const id = this.idOf(row);
      if (id === undefined) continue;
      this.seen.set(id, row.line);
      const idGiven = (row.record.id?.trim() ?? '') !== '';
      this.row(row, id, idGiven, existing.get(id), conditions.get(id) ?? []);
      await this.pause();
    }
  }

  /** One row: the stored product's own values under the file's cells, checked by the admin form's schema. */
  private row(
    row: Row,
    id: number,
    idGiven: boolean,
    stored: ProductRow | undefined,
    conditions: ProductConditionRow[],
  ): void {
    const shop = SHOPS[this.shopKey];
    // The read-only columns (issue 29's clicks) are left out on both sides: a file may carry them, and
    // nothing of them is written or compared.
    const { [VERSION_COLUMN]: _storedVersion, ...base }: Record<string, string> = stored
      ? withoutReadOnly(productRecord(this.shopKey, stored, conditions, this.origin))
      : {};
    const { [VERSION_COLUMN]: versionCell, ...cells } = withoutReadOnly(row.record);
    const version = versionCell?.trim() || undefined;
    const { [IMAGE_URLS_COLUMN]: imageCell = '', ...fields } = { ...base, ...cells };
    const parsed = adminProductBodySchema.safeParse({ ...fields, id: String(id) });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        this.error(row.line, String(issue.path[0] ?? ''), issue.message);
      return;
    }
    const links =
      cells[IMAGE_URLS_COLUMN] === undefined
        ? []
        : newImageLinks(imageCell, this.shopKey, id, stored?.image_count ?? 0);
    if (links.length > 0) this.report.imageLinks.push({ id, links });
    // Every cell as the export writes it: unchanged, without sanitizing the description again (the
    // costliest step of a row; a stored description is sanitized already). A row that writes nothing
    // cannot undo anything, so its version is not compared.
    const asExported = Object.entries(fields).every(([column, value]) => base[column] === value);
    if (stored && asExported) {
      this.report.unchanged += 1;
      return;
    }
    const columns = productColumns(shop, parsed.data);
    const wanted = conditionRows(shop, parsed.data);
    if (stored) {
      // Only what differs is written: an unchanged title leaves the search index alone, unchanged
      // conditions stay as they are, and a row that changes nothing keeps its updated_at.
      const changes = changedColumns(shop, stored, columns);
      const changedConditions = wanted.filter((c) => !sameCondition(conditions, c));
      if (Object.keys(changes).length === 0 && changedConditions.length === 0) {
        this.report.unchanged += 1;
        return;
      }
      const stock = changedConditions.some(
        (c) =>
          c.available_quantity !==
          (conditions.find((s) => s.condition === c.condition)?.available_quantity ?? 0),
      );
      // The version is compared here for the report (a dry run shows it) and again where the changes
      // are written, in their transaction, for the products that changed since this check.
      if (version !== undefined && version !== stored.updated_at) {
        this.error(row.line, VERSION_COLUMN, changedSince(stored.updated_at));
        return;
      }
      if (version === undefined && stock) {
        this.error(row.line, VERSION_COLUMN, STOCK_NEEDS_VERSION);
        return;
      }
      this.report.updated += 1;
      if (!this.keeping) return;
      const update: PlannedUpdate = {
        line: row.line,
        id,
        version,
        columns: changes,
        conditions: changedConditions,
      };
      if (changes.title !== undefined) {
        update.columns.title_folded = catalogRepo.foldForSearch(String(changes.title));
      }
      this.changes.updates.push(update);
      return;
    }
    if (idGiven && version !== undefined) {
      this.error(
        row.line,
        VERSION_COLUMN,
        `Product ${id} is not in the ${shop.name} any more (deleted since the file was exported). Clear this row's updated_at to add it again.`,
      );
      return;
    }
    this.report.created += 1;
    if (!this.keeping) return;
    const now = new Date().toISOString();
    this.changes.inserts.push({
      line: row.line,
      product: {
        shop: this.shopKey,
        id,
        ...columns,
        // An open-box product's price and stock are derived from its conditions when they are written.
        stock_quantity: 0,
        title_folded: catalogRepo.foldForSearch(columns.title),
        view_count: 0,
        image_count: 0,
        created_at: now,
        updated_at: now,
      },
      conditions: wanted,
    });
  }
}

/**
 * The columns of the shop's own fields a checked row changes. The open box's price column is not one:
 * it is derived from the conditions (written again wherever they change), whatever the form body says.
 */
function changedColumns(
  shop: ShopConfig,
  stored: ProductRow,
  columns: ReturnType<typeof productColumns>,
): PlannedUpdate['columns'] {
  return Object.fromEntries(
    shopFields(shop)
      .map((field) => [field.column, columns[field.column]] as const)
      .filter(([column, value]) => stored[column] !== value),
  );
}

function sameCondition(stored: readonly ProductConditionRow[], wanted: ConditionInput): boolean {
  const row = stored.find((c) => c.condition === wanted.condition);
  return (
    row !== undefined &&
    row.price_cents === wanted.price_cents &&
    row.available_quantity === wanted.available_quantity
  );
}
