/**
 * The CSV a shop exports and imports: one column per product field the shop has, named as the admin
 * form names it (so a row validates with the form's own schema), open-box conditions as their own
 * columns, the gallery as one column of image URLs separated by spaces, and the product's version.
 */
import { CONDITIONS, SHOPS, type ShopKey } from '../../../shared/shops.js';
import { centsToPrice, galleryImageUrls } from '../../../shared/rules.js';
import type { ProductConditionRow, ProductRow } from '../../db/types.js';

export const IMAGE_URLS_COLUMN = 'image_urls';
/**
 * The product's version as exported (its updated_at): an import refuses a row whose product changed
 * since, so a file exported before a sale cannot bring the sold units back.
 */
export const VERSION_COLUMN = 'updated_at';

export function csvColumns(shopKey: ShopKey): string[] {
  const shop = SHOPS[shopKey];
  return [
    'id',
    VERSION_COLUMN,
    'title',
    'main_category',
    'category',
    ...(shop.hasConditions ? [] : ['price', 'typical_price']),
    ...(shop.hasRating ? ['rate'] : []),
    ...(shop.hasAvailability ? ['availability'] : []),
    ...(shop.hasLink ? ['link'] : []),
    ...(shop.hasConditions
      ? [
          'store',
          'ebay',
          'facebook_marketplace',
          'offer_up',
          'mercari_marketplaces',
          ...CONDITIONS.flatMap((c) => [`${c}_condition_price`, `${c}_condition_available_quantity`]),
        ]
      : []),
    IMAGE_URLS_COLUMN,
    'description',
  ];
}

/** A stored price as the form writes it: "24.50", "0". */
const price = (cents: number) => centsToPrice(cents);

/** A product as its CSV row (every column of csvColumns, as text). */
export function productRecord(
  shopKey: ShopKey,
  product: ProductRow,
  conditions: readonly ProductConditionRow[],
  origin: string,
): Record<string, string> {
  const shop = SHOPS[shopKey];
  const record: Record<string, string> = {
    id: String(product.id),
    [VERSION_COLUMN]: product.updated_at,
    title: product.title,
    main_category: product.main_category,
    category: product.category,
    price: price(product.price_cents),
    typical_price: price(product.typical_price_cents),
    rate: String(product.rate),
    availability: product.availability,
    link: product.link,
    store: product.store,
    ebay: product.ebay,
    facebook_marketplace: product.facebook_marketplace,
    offer_up: product.offer_up,
    mercari_marketplaces: product.mercari_marketplaces,
    [IMAGE_URLS_COLUMN]:
      product.image_count > 0
        ? galleryImageUrls(shop.imageFolder, product.id, product.image_count)
            .map((url) => `${origin}${url}`)
            .join(' ')
        : '',
    description: product.description,
  };
  for (const condition of CONDITIONS) {
    const row = conditions.find((c) => c.condition === condition);
    record[`${condition}_condition_price`] = price(row?.price_cents ?? 0);
    record[`${condition}_condition_available_quantity`] = String(row?.available_quantity ?? 0);
  }
  const columns = csvColumns(shopKey);
  return Object.fromEntries(columns.map((column) => [column, record[column] ?? '']));
}

/**
 * Links of an image_urls cell that are not already this product's own gallery images: those are
 * fetched (through the guarded link import) and appended after the rows are stored.
 */
export function newImageLinks(cell: string, shopKey: ShopKey, id: number, imageCount: number): string[] {
  const own = new Set(galleryImageUrls(SHOPS[shopKey].imageFolder, id, imageCount));
  return cell
    .split(/\s+/)
    .filter((link) => link !== '')
    .filter((link) => {
      try {
        return imageCount === 0 || !own.has(new URL(link).pathname);
      } catch {
        return true;
      }
    });
}
