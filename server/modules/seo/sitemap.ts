/**
 * The sitemaps: an index naming one file for the shop pages and, per shop, one file per range of
 * product ids (repository.sitemapBuckets), each streamed from keyset pages so no file sits in memory.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { MAX_PRODUCT_ID } from '../../../shared/schemas/common.js';
import { NAV_ORDER, SHOP_KEYS, SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { notFound } from '../../http/errors.js';
import { findSitemapEntries, sitemapBuckets, type SitemapBucket } from '../catalog/index.js';
import { escapeMarkup } from './escape.js';
import { productUrl, shopUrl } from './product-head.js';

type Db = Kysely<Database>;

/** The sitemap protocol's ceiling of URLs per file. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Rows read per query while a file streams. */
const ROWS_PER_QUERY = 1000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const SHOPS_FILE = 'shops.xml';

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod: string | undefined) =>
  `<${tag}><loc>${escapeMarkup(loc)}</loc>${lastmod ? `<lastmod>${escapeMarkup(lastmod)}</lastmod>` : ''}</${tag}>\n`;

const newest = (buckets: readonly SitemapBucket[]) =>
  buckets.reduce<string | undefined>(
    (max, b) => (max === undefined || b.lastmod > max ? b.lastmod : max),
    undefined,
  );

async function bucketsByShop(db: Db, limit: number): Promise<[ShopKey, SitemapBucket[]][]> {
  return Promise.all(NAV_ORDER.map(async (key) => [key, await sitemapBuckets(db, key, limit)] as const));
}

/** /sitemap.xml: the shop pages' file, then each shop's product files with their newest change. */
export async function sitemapIndex(db: Db, origin: string, limit: number): Promise<string> {
  const shops = await bucketsByShop(db, limit);
  const lines = [entry('sitemap', `${origin}/sitemaps/${SHOPS_FILE}`, newest(shops.flatMap(([, b]) => b)))];
  for (const [key, buckets] of shops) {
    for (const bucket of buckets) {
      lines.push(entry('sitemap', `${origin}/sitemaps/${key}-${bucket.bucket + 1}.xml`, bucket.lastmod));
    }
  }
  return `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${lines.join('')}</sitemapindex>\n`;
}

/** /sitemaps/shops.xml: each shop page, last modified when its newest product was. */
async function shopsSitemap(db: Db, origin: string, limit: number): Promise<string> {
  const lines = (await bucketsByShop(db, limit)).map(([key, buckets]) =>
    entry('url', shopUrl(origin, SHOPS[key]), newest(buckets)),
  );
  return `${XML_HEAD}<urlset ${NAMESPACE}>\n${lines.join('')}</urlset>\n`;
}

async function* productUrls(db: Db, origin: string, key: ShopKey, bucket: number, limit: number) {
  const through = (bucket + 1) * limit;
  let after = bucket * limit;
  let rows = await findSitemapEntries(db, key, after, through, ROWS_PER_QUERY);
  if (rows.length === 0) throw notFound('There is no such sitemap.');
  yield `${XML_HEAD}<urlset ${NAMESPACE}>\n`;
  while (rows.length > 0) {
    yield rows.map((row) => entry('url', productUrl(origin, SHOPS[key], row.id), row.updated_at)).join('');
    after = rows.at(-1)!.id;
    rows =
      rows.length < ROWS_PER_QUERY ? [] : await findSitemapEntries(db, key, after, through, ROWS_PER_QUERY);
  }
  yield '</urlset>\n';
}

/**
 * /sitemaps/{file}: `shops.xml` or `{shop}-{n}.xml`, products with ids in ((n-1)·limit, n·limit].
 * The first page is read before answering, so an empty or unknown file is a 404, not an empty 200.
 */
export async function sitemapFile(
  db: Db,
  origin: string,
  file: string,
  limit: number,
): Promise<string | Readable> {
  if (file === SHOPS_FILE) return shopsSitemap(db, origin, limit);
  const match = /^([a-z]+)-([1-9]\d{0,8})\.xml$/.exec(file);
  const key = SHOP_KEYS.find((shopKey) => shopKey === match?.[1]);
  const bucket = Number(match?.[2]) - 1;
  // Past the largest id there is nothing, and PostgreSQL would refuse the id bound as out of range.
  if (!key || !(bucket * limit < MAX_PRODUCT_ID)) throw notFound('There is no such sitemap.');
  const urls = productUrls(db, origin, key, bucket, limit);
  const first = await urls.next();
  return Readable.from(
    (async function* () {
      if (!first.done) yield first.value;
      yield* urls;
    })(),
  );
}
