import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { unsetColumns } from '../../shared/productFields.js';
import { CONDITIONS, SHOPS, SHOP_KEYS, type ShopKey, type ShopSelling } from '../../shared/shops.js';
import { countProducts, insertProduct } from '../modules/catalog/index.js';
import { type ConditionInput, writeConditions } from '../modules/stock/index.js';
import type { Database, NewProductRow } from '../db/types.js';
import { DEMO_CATALOGUE, type SubCategorySeed } from './catalogue-data.js';
import { writeProductImages } from './images.js';

/** A small deterministic PRNG, so every fresh demo catalogue is the same. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What a description says around its features, by how the shop sells: an affiliate shop's price and
 * delivery are the retailer's; the Open Box Store has no retailer, its units are priced per condition
 * and the seller answers questions in the chat. Each sentence must be true of the shop it is seeded into.
 */
const DESCRIPTION_TEXT: Record<ShopSelling, { intro: string; closing: string }> = {
  'links-out': {
    intro: 'A dependable pick in {category}, chosen for build quality and value.',
    closing: 'Check the retailer page for the latest price and delivery options.',
  },
  'on-site': {
    intro: 'An open-box unit in {category}, checked before it was listed.',
    closing:
      'Each condition has its own price and stock. Questions about this unit? Ask the seller with Contact the seller.',
  },
};

function describe(title: string, sub: SubCategorySeed, sells: ShopSelling): string {
  const items = sub.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('');
  const { intro, closing } = DESCRIPTION_TEXT[sells];
  const [before, after] = intro.split('{category}') as [string, string];
  return `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(before)}<strong>${escapeHtml(sub.category)}</strong>${escapeHtml(after)}</p><ul>${items}</ul><p><em>${escapeHtml(closing)}</em></p>`;
}

/** Quantities that show every stock label: one left, several, none. */
function conditionStock(random: () => number, index: number): ConditionInput[] {
  const pattern = index % 5;
  return CONDITIONS.map((condition, c) => {
    const base = 20 + Math.round(random() * 60) + c * 25;
    let quantity = Math.floor(random() * 6);
    if (pattern === 0) quantity = c === 2 ? 1 : 0; // a single item left
    if (pattern === 4) quantity = 0; // sold out in every condition
    if (pattern === 2 && c === 0) quantity = 0;
    return {
      condition,
      price_cents: pattern === 3 && c === 0 ? 0 : base * 100 + 99,
      available_quantity: quantity,
    };
  });
}

type Db = Kysely<Database> | Transaction<Database>;

/** A product and, for the open box, its conditions (the stock module derives its price and stock from them). */
async function insertSeedProduct(db: Db, row: NewProductRow, conditions: ConditionInput[]): Promise<void> {
  await insertProduct(db, row);
  await writeConditions(
    db,
    row.shop,
    conditions.map((condition) => ({ ...condition, product_id: row.id })),
  );
}

/** The seeded products' dates are an hour apart, the newest an hour before the seed runs. */
const PRODUCT_SPACING_MS = 3_600_000;

async function seedShop(db: Db, shopKey: ShopKey, imagesDir: string, now: Date): Promise<void> {
  const shop = SHOPS[shopKey];
  const random = mulberry32(SHOP_KEYS.indexOf(shopKey) + 7);
  let id = 0;
  // Recent as of the day the seed runs (an affiliate modal says 'Price as of' this date), ids in date order.
  const count = DEMO_CATALOGUE[shopKey].flatMap((main) => main.subs).flatMap((sub) => sub.titles).length;
  const start = now.getTime() - (count + 1) * PRODUCT_SPACING_MS;
  const products: Promise<void>[] = [];
  const images: Promise<void>[] = [];
  for (const main of DEMO_CATALOGUE[shopKey]) {
    for (const sub of main.subs) {
      for (const [index, title] of sub.titles.entries()) {
        id += 1;
        const [low, high] = sub.price;
        const priceCents = Math.round((low + random() * (high - low)) * 100) - 1;
        // PC Build compares typical and current totals, so every PC part has a typical price.
        const hasTypical = random() < 0.5 || shop.showCategoryTotals;
        const at = new Date(start + id * PRODUCT_SPACING_MS).toISOString();
        const imageCount = 2 + (id % 3);
        products.push(
          insertSeedProduct(
            db,
            {
              // Fields the demo does not fill (a new registry field) start unset, as a new product does.
              ...unsetColumns(),
              shop: shopKey,
              id,
              title,
              main_category: main.main,
              category: sub.category,
              price_cents: Math.max(priceCents, 0),
              typical_price_cents: hasTypical ? Math.round(priceCents * (1.15 + random() * 0.3)) : 0,
              rate: shop.hasRating ? 3 + Math.floor(random() * 3) : 0,
              availability: shop.hasAvailability && random() < 0.12 ? 'NO' : 'YES',
              link: shop.hasLink ? `https://www.amazon.com/s?k=${encodeURIComponent(title)}` : '',
              description: describe(title, sub, shop.sells),
              view_count: Math.floor(random() * 500),
              image_count: imageCount,
              store: shop.sells === 'on-site' ? 'AYZ' : '',
              ebay:
                shop.sells === 'on-site' && index % 2 === 0
                  ? `https://www.ebay.com/sch/i.html?_nkw=${encodeURIComponent(title)}`
                  : '',
              facebook_marketplace:
                shop.sells === 'on-site' && index % 3 === 0 ? 'https://www.facebook.com/marketplace/' : '',
              offer_up: shop.sells === 'on-site' && index === 1 ? 'https://offerup.com/' : '',
              mercari_marketplaces: shop.sells === 'on-site' && index === 2 ? 'https://www.mercari.com/' : '',
              stock_quantity: 0,
              created_at: at,
              updated_at: at,
            },
            shop.sells === 'on-site' ? conditionStock(random, index + id) : [],
          ),
        );
        images.push(
          writeProductImages(path.join(imagesDir, shop.imageFolder, String(id)), sub.icon, imageCount, id),
        );
      }
    }
  }
  await Promise.all([...products, ...images]);
}

/**
 * Seeds the demo catalogue into an empty database (docs/architecture.md §8 SEED_DEMO); leaves any other
 * database alone. `now` is when it runs: product dates are the hours before it (the same catalogue for the
 * same `now`).
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  imagesDir: string,
  now: Date = new Date(),
): Promise<boolean> {
  if ((await countProducts(db)) > 0) return false;
  // One transaction: a crash mid-seed leaves an empty database, so the next start seeds again.
  await db.transaction().execute(async (trx) => {
    for (const shopKey of SHOP_KEYS) await seedShop(trx, shopKey, imagesDir, now);
  });
  return true;
}
