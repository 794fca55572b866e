/** The CSV export: every product of a shop, a page of rows at a time, with formula escaping (CSV injection). */
import type { Kysely } from 'kysely';
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database, ProductConditionRow } from '../../db/types.js';
import * as catalogRepo from '../catalog/index.js';
import { csvColumns, productRecord } from './csv-columns.js';
import * as repo from './repository.js';
import { conditionsById, keepLiteralQuotes } from './csv-cells.js';

type Db = Kysely<Database>;

const EXPORT_PAGE = 1000;

/** Every product of the shop as CSV text, a page of rows at a time. */
export function exportProducts(db: Db, shopKey: ShopKey, origin: string): Readable {
  const columns = csvColumns(shopKey);
  async function* records() {
    let afterId = 0;
    for (;;) {
      const page = await repo.findProductsAfter(db, shopKey, afterId, EXPORT_PAGE);
      if (page.length === 0) return;
      const conditions =
        SHOPS[shopKey].sells === 'on-site'
          ? conditionsById(
              await catalogRepo.findConditions(
                db,
                shopKey,
                page.map((p) => p.id),
              ),
            )
          : new Map<number, ProductConditionRow[]>();
      const clicks =
        SHOPS[shopKey].sells === 'links-out'
          ? await catalogRepo.clicksSince(
              db,
              shopKey,
              page.map((p) => p.id),
              catalogRepo.clicksReportStart(),
            )
          : new Map<number, number>();
      for (const product of page) {
        yield keepLiteralQuotes(
          productRecord(shopKey, product, conditions.get(product.id) ?? [], origin, clicks.get(product.id)),
        );
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
