/** Talks to the real server under test, for what a journey needs to know or set up beforehand. */
import type { APIRequestContext } from '@playwright/test';
import type { CatalogOverview, ProductSummary } from '../../shared/schemas/catalog.js';
import type { ShopKey } from '../../shared/shops.js';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export async function overview(request: APIRequestContext, shop: ShopKey): Promise<CatalogOverview> {
  const response = await request.get(`/api/catalog/overview?shop=${shop}`);
  if (!response.ok()) throw new Error(`overview failed: ${response.status()}`);
  return (await response.json()) as CatalogOverview;
}

export async function firstRowProduct(request: APIRequestContext, shop: ShopKey): Promise<ProductSummary> {
  const data = await overview(request, shop);
  const product = data.groups[0]?.rows[0]?.items[0];
  if (!product) throw new Error(`no products in ${shop}`);
  return product;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/login', { data: { password: E2E_ADMIN_PASSWORD } });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The main category and category of the shop's last overview row: a product added there shows after
 * every seeded row, so the journeys that read the first rows still find them as seeded.
 */
export async function lastRowCategory(
  request: APIRequestContext,
  shop: ShopKey,
): Promise<{ main_category: string; category: string }> {
  const group = (await overview(request, shop)).groups.at(-1)!;
  return { main_category: group.main_category, category: group.rows.at(-1)!.category };
}
