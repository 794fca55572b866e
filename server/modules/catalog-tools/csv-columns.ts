/**
 * The CSV a shop exports and imports: one column per registry field the shop has (shared/productFields.ts),
 * named as the admin form names it (so a row validates with the form's own schema), open-box conditions as their own
 * columns, the gallery as one column of image URLs separated by spaces, and the product's version.
 */
import { CONDITIONS, SHOPS, type ShopKey } from '../../../shared/shops.js';
import { asText, shopFields } from '../../../shared/productFields.js';
import { galleryImageUrls } from '../../../shared/rules/images.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import type { ProductConditionRow, ProductRow } from '../../db/types.js';
import { clicksPerView } from '../catalog/index.js';

export const IMAGE_URLS_COLUMN = 'image_urls';
/**
 * The product's version as exported (its updated_at): an import refuses a row whose product changed
 * since, so a file exported before a sale cannot bring the sold units back.
 */
export const VERSION_COLUMN = 'updated_at';

/**
 * Issue 29: a links-out shop's Buy clicks of the last 30 days and clicks per view (over all-time views).
 * Read-only: the export writes them, the import accepts them in its header and ignores their cells, so a
 * re-import of an export still works.
 */
export const READ_ONLY_COLUMNS = ['clicks_30d', 'clicks_per_view'] as const;

/** A CSV record without its read-only cells (what the import reads of a row). */
export function withoutReadOnly(record: Record<string, string>): Record<string, string> {
  const { clicks_30d: _clicks, clicks_per_view: _ratio, ...rest } = record;
  return rest;
}

const conditionColumns = CONDITIONS.flatMap((c) => [
  `${c}_condition_price`,
  `${c}_condition_available_quantity`,
]);

/** id, version, the shop's registry fields (shared/productFields.ts), its conditions, the gallery, long text. */
export function csvColumns(shopKey: ShopKey): string[] {
  const shop = SHOPS[shopKey];
  const fields = shopFields(shop);
  return [
    'id',
    VERSION_COLUMN,
    ...(shop.sells === 'links-out' ? READ_ONLY_COLUMNS : []),
    ...fields.filter((f) => f.csv === 'column').map((f) => f.name),
    ...(shop.sells === 'on-site' ? conditionColumns : []),
    IMAGE_URLS_COLUMN,
    ...fields.filter((f) => f.csv === 'last').map((f) => f.name),
  ];
}

/** A stored price as the form writes it: "24.50", "0". */
const price = (cents: number) => centsToPrice(cents);

/**
 * A product as its CSV row (every column of csvColumns, as text); `clicks` is its Buy clicks of the last
 * 30 days (the export's; the import's comparison leaves the read-only columns out).
 */
export function productRecord(
  shopKey: ShopKey,
  product: ProductRow,
  conditions: readonly ProductConditionRow[],
  origin: string,
  clicks = 0,
): Record<string, string> {
  const shop = SHOPS[shopKey];
  const ratio = clicksPerView(clicks, product.view_count);
  const record: Record<string, string> = {
    id: String(product.id),
    [VERSION_COLUMN]: product.updated_at,
    clicks_30d: String(clicks),
    clicks_per_view: ratio === null ? '' : String(ratio),
    [IMAGE_URLS_COLUMN]:
      product.image_count > 0
        ? galleryImageUrls(shop.imageFolder, product.id, product.image_count)
            .map((url) => `${origin}${url}`)
            .join(' ')
        : '',
  };
  for (const field of shopFields(shop)) record[field.name] = asText(field, product[field.column]);
  if (shop.sells === 'on-site') {
    for (const condition of CONDITIONS) {
      const row = conditions.find((c) => c.condition === condition);
      record[`${condition}_condition_price`] = price(row?.price_cents ?? 0);
      record[`${condition}_condition_available_quantity`] = String(row?.available_quantity ?? 0);
    }
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
