/** The products table's query in the address bar (?q=&category=&availability=&stock=&sort=&page=). */
import { adminProductsQuerySchema, type AdminProductsQuery } from '../../../shared/schemas/adminProducts.js';
import type { ShopKey } from '../../../shared/shops.js';

/** The query a link or reload asks for; a value the server would refuse falls back to its default. */
export function productsQueryFrom(shop: ShopKey, params: URLSearchParams): AdminProductsQuery {
  const fields: Record<string, string> = { shop };
  for (const key of ['q', 'category', 'availability', 'stock', 'sort', 'page']) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    if (adminProductsQuerySchema.safeParse({ shop, [key]: value }).success) fields[key] = value;
  }
  return adminProductsQuerySchema.parse(fields);
}

/** The address-bar form of a query: defaults left out, so the plain screen stays plain. */
export function productsSearchFor(query: AdminProductsQuery): Record<string, string> {
  const search: Record<string, string> = {};
  if (query.q) search.q = query.q;
  if (query.category) search.category = query.category;
  if (query.availability) search.availability = query.availability;
  if (query.stock) search.stock = query.stock;
  if (query.sort !== 'id') search.sort = query.sort;
  if (query.page > 1) search.page = String(query.page);
  return search;
}
