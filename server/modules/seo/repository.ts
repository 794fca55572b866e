/** The sitemap's reads: products in buckets of ids, and each bucket's entries in keyset pages. */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database>;

export interface SitemapBucket {
  /** Products with ids in (bucket × size, (bucket + 1) × size]: at most `size` of them. */
  bucket: number;
  count: number;
  /** The newest updated_at among them. */
  lastmod: string;
}

/**
 * A shop's products cut into id ranges of `size` ids, each one sitemap file: a product stays in the same
 * file as others come and go, and no file can hold more than `size` URLs. Empty ranges are left out.
 */
export async function sitemapBuckets(db: Db, shop: string, size: number): Promise<SitemapBucket[]> {
  // A literal, not a parameter: PostgreSQL would not see "$1" in SELECT and "$3" in GROUP BY as one expression.
  const bucket = sql<number | string>`(id - 1) / ${sql.lit(Math.max(1, Math.trunc(size)))}`;
  const rows = await db
    .selectFrom('products')
    .select([
      bucket.as('bucket'),
      sql<number | string>`count(*)`.as('count'),
      sql<string>`max(updated_at)`.as('lastmod'),
    ])
    .where('shop', '=', shop)
    .groupBy(bucket)
    .orderBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.count), lastmod: row.lastmod }));
}

/** One keyset page of a shop's product ids and updated_at in (afterId, throughId], by id. */
export async function findSitemapEntries(
  db: Db,
  shop: string,
  afterId: number,
  throughId: number,
  limit: number,
): Promise<{ id: number; updated_at: string }[]> {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('shop', '=', shop)
    .where('id', '>', afterId)
    .where('id', '<=', throughId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
