/** Pages load without console noise that would hide a real error: no CSP violations, no ignored headers, no 404s. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { NAV_ORDER, SHOPS, type ShopKey } from '../shared/shops.js';
import { adminToken, overview } from './support/api.js';

/** Every console error or warning and every CSP violation the page reports from now on. */
async function collectNoise(page: Page): Promise<string[]> {
  const noise: string[] = [];
  page.on('console', (message) => {
    // The location names the resource when the message is a failed load, which the text alone does not.
    if (message.type() === 'error' || message.type() === 'warning')
      noise.push(`${message.text()} ${message.location().url}`.trim());
  });
  page.on('pageerror', (error) => noise.push(error.message));
  await page.exposeFunction('reportViolation', (text: string) => noise.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return noise;
}

/** The main and sub-category of the shop's last row. */
async function lastRowCategory(
  request: APIRequestContext,
  shop: ShopKey,
): Promise<{ main_category: string; category: string }> {
  const group = (await overview(request, shop)).groups.at(-1)!;
  return { main_category: group.main_category, category: group.rows.at(-1)!.category };
}

/** A product without pictures in each shop, as an admin may add one: its card and modal must ask for none. */
const imageless = new Map<ShopKey, { id: number; title: string }>();

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request);
  for (const key of NAV_ORDER) {
    const title = `Console check without pictures ${key} ${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const response = await request.post(`/api/add-product?shop=${key}`, {
      headers: { authorization: `Bearer ${token}` },
      // In the shop's last row, so the journeys that read the first row still find it as seeded.
      data: { title, ...(await lastRowCategory(request, key)), price: '5.00' },
    });
    expect(response.status(), await response.text()).toBe(201);
    imageless.set(key, { id: ((await response.json()) as { id: number }).id, title });
  }
});

for (const route of ['/admin', '/pcadmin', '/smartadmin', '/ayzadmin', '/', '/refferals']) {
  test(`${route} loads without console errors or CSP violations, signed in or not`, async ({
    page,
    request,
  }) => {
    const noise = await collectNoise(page);
    await page.goto(route);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (route.endsWith('admin')) {
      const token = await adminToken(request);
      await page.evaluate((value) => window.localStorage.setItem('adminToken', value), token);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Add product' })).toBeVisible();
      await page.waitForLoadState('networkidle');
    } else {
      const shop = NAV_ORDER.map((key) => SHOPS[key]).find((entry) => entry.route === route)!;
      const product = imageless.get(shop.key)!;
      await page.getByPlaceholder('Search products by name...').fill(product.title);
      await page.keyboard.press('Enter');
      const card = page.getByTestId('product-card').filter({ hasText: product.title });
      await expect(card.getByRole('img', { name: product.title })).toBeVisible();
      await card.getByRole('button', { name: product.title }).click();
      await expect(page.getByRole('img', { name: `${product.title}, no pictures yet` })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(noise).toEqual([]);
  });
}
