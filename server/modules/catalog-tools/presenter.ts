/** Exactly which fields of a product the admin's products table gets. */
import type { AdminProductItem } from '../../../shared/schemas/adminProducts.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import { productPreviewUrl } from '../../../shared/rules/images.js';
import { centsToPrice } from '../../../shared/rules/money.js';
import type { ProductRow } from '../../db/types.js';
import { clicksPerView } from '../catalog/index.js';

/** A row of the table, with its clicks of the last 30 days (issue 29). */
export function presentAdminProduct(row: ProductRow, clicks: number): AdminProductItem {
  const shop = SHOPS[row.shop as ShopKey];
  return {
    id: row.id,
    title: row.title,
    main_category: row.main_category,
    category: row.category,
    price: centsToPrice(row.price_cents),
    availability: row.availability,
    stock: row.stock_quantity,
    views: row.view_count,
    clicks_30d: clicks,
    clicks_per_view: clicksPerView(clicks, row.view_count),
    preview: productPreviewUrl(shop.imageFolder, {
      product_id: row.id,
      imagecount: row.image_count,
      updated_at: row.updated_at,
    }),
    updated_at: row.updated_at,
  };
}
