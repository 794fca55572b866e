/**
 * The CSV import's write: the changes a checked file makes, in one short transaction of statements of
 * a few hundred rows each, letting the event loop serve other requests between them. On PostgreSQL it
 * takes the changed products' rows in id order, a window just before its writes. Each product's UPDATE
 * carries its row's version (updated_at) in its WHERE, so the comparison and the write are one step: a
 * product saved, sold or deleted while the file was being read is not written, and then the whole
 * import is rolled back and answered with the lines of those products.
 */
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { ImportError } from '../../../shared/schemas/adminProducts.js';
import type { ShopKey } from '../../../shared/shops.js';
import type { Database, NewProductRow } from '../../db/types.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordActivity } from '../activity/index.js';
import * as catalogRepo from '../catalog/index.js';
import * as stock from '../stock/index.js';
import { VERSION_COLUMN } from './csv-columns.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/**
 * Where the import says what it did and how long it held the database (the request's logger); at
 * debug level, each batch of rows checked.
 */
export interface ImportLog {
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/** A stored product the file changes. */
export interface PlannedUpdate {
  line: number;
  id: number;
  /** The row's updated_at cell; undefined for a row without one (such a row never changes stock). */
  version: string | undefined;
  /** The product columns that differ from the stored ones. */
  columns: Partial<Record<repo.ImportColumn, string | number>>;
  /** Open box: the conditions whose price or quantity differ, with their new values. */
  conditions: stock.ConditionInput[];
}

export interface PlannedInsert {
  line: number;
  product: NewProductRow;
  conditions: stock.ConditionInput[];
}

export interface ImportChanges {
  updates: PlannedUpdate[];
  inserts: PlannedInsert[];
}

/** Thrown inside the transaction to roll it back: a product moved since the file was checked. */
class Moved extends Error {
  constructor() {
    super('a product changed while the file was being imported');
  }
}

/** Products taken (PostgreSQL) and written a window at a time, in id order. */
const LOCK_WINDOW = 1000;

/** At most this many conflict lines in an answer, as for the file's own errors. */
const MAX_CONFLICTS = 1000;

/**
 * Yields a turn of the event loop once `sliceMs` of work has gone by since the last one: long loops
 * (checking 100,000 rows, writing them) then hold the event loop at most about that long at a time.
 */
export function pacer(sliceMs = 20): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < sliceMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

const changedMeanwhile = (stored: string): string =>
  `This product changed while the file was being imported (saved or sold; its updated_at is now ${stored}). Export the shop again and make this row's changes in the new file.`;
const SHOP_MOVED = 'The shop changed while the file was being imported. Check the file again.';

/**
 * The lines whose products moved since the file was checked: changed (for a row with a version),
 * deleted, or, for a new product, its id taken. Read after the refused transaction is rolled back.
 */
async function conflictsOf(db: Db, shopKey: ShopKey, changes: ImportChanges): Promise<ImportError[]> {
  const errors: ImportError[] = [];
  const versions = await repo.productVersions(
    db,
    shopKey,
    changes.updates.map((update) => update.id),
  );
  for (const update of changes.updates) {
    const stored = versions.get(update.id);
    if (stored === undefined) {
      errors.push({
        line: update.line,
        field: 'id',
        error: `Product ${update.id} was deleted while the file was being imported.`,
      });
    } else if (update.version !== undefined && stored !== update.version) {
      errors.push({ line: update.line, field: VERSION_COLUMN, error: changedMeanwhile(stored) });
    }
  }
  const taken = await repo.existingIds(
    db,
    shopKey,
    changes.inserts.map((insert) => insert.product.id),
  );
  for (const insert of changes.inserts) {
    if (taken.has(insert.product.id)) {
      errors.push({
        line: insert.line,
        field: 'id',
        error: `Product ${insert.product.id} was added by someone else while the file was being imported. Check the file again.`,
      });
    }
  }
  return errors.sort((a, b) => a.line - b.line).slice(0, MAX_CONFLICTS);
}

async function writeChanges(
  trx: Db,
  shopKey: ShopKey,
  changes: ImportChanges,
  at: string,
  pause: () => Promise<void>,
): Promise<void> {
  // Products first (each checked against its row's version), then their conditions. They go in id
  // order a window at a time, each window's rows taken just before they are written (PostgreSQL), so
  // a row is held from its own write to the commit rather than for the whole transaction; within a
  // window, rows changing the same columns share statements.
  let written = 0;
  const sorted = [...changes.updates].sort((a, b) => a.id - b.id);
  for (let start = 0; start < sorted.length; start += LOCK_WINDOW) {
    const window = sorted.slice(start, start + LOCK_WINDOW);
    await stock.lockProducts(
      trx,
      shopKey,
      window.map((update) => update.id),
    );
    const groups = new Map<string, PlannedUpdate[]>();
    for (const update of window) {
      const key = Object.keys(update.columns).sort().join(',');
      const group = groups.get(key);
      if (group) group.push(update);
      else groups.set(key, [update]);
    }
    for (const [key, updates] of groups) {
      const columns = (key === '' ? [] : key.split(',')) as repo.ImportColumn[];
      const rows = updates.map((update) => ({
        id: update.id,
        version: update.version ?? null,
        values: columns.map((column) => update.columns[column]!),
      }));
      written += await repo.updateProductColumns(trx, shopKey, columns, rows, at, pause);
    }
  }
  // A product deleted, or changed since the version its row carries: the whole file is refused.
  if (written < changes.updates.length) throw new Moved();
  const conditionWrites = (withVersion: boolean) =>
    changes.updates
      .filter((update) => update.conditions.length > 0 && (update.version !== undefined) === withVersion)
      .flatMap((update) => update.conditions.map((c) => ({ ...c, product_id: update.id })));
  // A row with its version (compared above) writes quantities; a row without one, only prices.
  await stock.writeConditions(trx, shopKey, conditionWrites(true), { quantities: true, pause });
  await stock.writeConditions(trx, shopKey, conditionWrites(false), { quantities: false, pause });
  await repo.insertProducts(
    trx,
    changes.inserts.map((insert) => insert.product),
    pause,
  );
  await stock.writeConditions(
    trx,
    shopKey,
    changes.inserts.flatMap((insert) =>
      insert.conditions.map((c) => ({ ...c, product_id: insert.product.id })),
    ),
    { pause },
  );
}

/** What the activity log says of an applied import: how many new and updated products, and their ids. */
function importSummary(changes: ImportChanges) {
  return {
    created: changes.inserts.length,
    updated: changes.updates.length,
    created_ids: changes.inserts.map((insert) => insert.product.id),
    updated_ids: changes.updates.map((update) => update.id),
  };
}

/**
 * Writes a checked file's changes in one transaction; answers the lines that stopped it (nothing
 * written then), or none.
 */
export async function applyChanges(
  db: Db,
  shopKey: ShopKey,
  changes: ImportChanges,
  actor: string,
  log?: ImportLog,
): Promise<ImportError[]> {
  const pause = pacer();
  const started = performance.now();
  try {
    await db.transaction().execute(async (trx) => {
      await catalogRepo.deferCatalogVersionBumps(trx);
      const at = new Date().toISOString();
      await writeChanges(trx, shopKey, changes, at, pause);
      await catalogRepo.bumpCatalogVersion(trx, shopKey);
      await recordActivity(trx, {
        actor,
        action: 'products.import',
        target: `products ${shopKey}`,
        after: importSummary(changes),
        at,
      });
    });
  } catch (error) {
    // A product saved, sold or deleted since the check, or a new product's id taken by another admin.
    if (error instanceof Moved || isUniqueViolation(error)) {
      const conflicts = await conflictsOf(db, shopKey, changes);
      return conflicts.length > 0 ? conflicts : [{ line: 1, field: 'id', error: SHOP_MOVED }];
    }
    throw error;
  } finally {
    log?.info(
      {
        shop: shopKey,
        updated: changes.updates.length,
        created: changes.inserts.length,
        heldMs: Math.round(performance.now() - started),
      },
      'CSV import transaction',
    );
  }
  return [];
}
