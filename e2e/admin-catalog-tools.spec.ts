/**
 * The operator's catalogue tools: a CSV import with a bad row, fixed and imported; thirty of those
 * products chosen in the products table and raised 10 %; then all of them deleted by filter. The
 * products screen and the sales dashboard pass axe.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { adminToken } from './support/api.js';
import { expectAccessible } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

test.setTimeout(120_000);

async function signedInAdmin(page: Page, request: Parameters<typeof adminToken>[0]): Promise<string> {
  const token = await adminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
  return token;
}

/** On phones the page itself never scrolls sideways (a wide table scrolls inside its own box), and passes axe. */
async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 760 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await expectAccessible(page, 'body', ['light', 'dark']);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

function csv(stamp: string, badPrice: boolean): string {
  const rows = Array.from({ length: 30 }, (_, i) => {
    const price = badPrice && i === 6 ? '12.345' : '10.00';
    return `,E2E Bulk ${stamp} ${String(i + 1).padStart(2, '0')},E2E,Bulk ${stamp},${price},4,YES,https://retailer.example/e2e/${i}`;
  });
  return ['id,title,main_category,category,price,rate,availability,link', ...rows].join('\n');
}

test('imports a CSV after fixing its bad row, raises 30 prices by 10 %, and deletes them by filter', async ({
  page,
  request,
}) => {
  const token = await signedInAdmin(page, request);
  const stamp = String(Date.now());
  await page.goto('/smartadmin');
  await page.getByRole('link', { name: 'All products, CSV and bulk edit' }).click();
  await expect(page.getByRole('heading', { name: 'Smart Shop: products' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products of the Smart Shop' })).toBeVisible();

  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(stamp, true)),
  });
  const problems = page.getByRole('table', { name: 'Problems in the CSV file' });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('row').nth(1)).toContainText('8');
  await expect(problems.getByRole('row').nth(1)).toContainText('price');
  await expect(page.getByRole('button', { name: /^Import \d+ products$/ })).toHaveCount(0);
  await expectAccessible(page, 'body', ['light', 'dark']);

  await fileInput.setInputFiles({
    name: 'fixed.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(stamp, false)),
  });
  await expect(page.getByText('The file is ready: 30 new, 0 updated, 0 unchanged.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 30 products' }).click();
  await expect(page.getByText('Imported: 30 new, 0 updated, 0 unchanged.')).toBeVisible();

  await page.getByLabel('Search titles').fill(`E2E Bulk ${stamp}`);
  const table = page.getByRole('table', { name: 'Products of the Smart Shop' });
  await expect(table.getByRole('row')).toHaveCount(31);
  await table.getByRole('checkbox', { name: 'Select every product on this page' }).check();
  await expect(page.getByText('30 products selected.')).toBeVisible();
  await page.getByLabel('Action').selectOption('price');
  await page.getByLabel('Percent (negative lowers)').fill('10');
  await page.getByRole('button', { name: 'Apply…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm bulk change' });
  await expect(confirm).toContainText('Raise the price of 30 products by 10 %?');
  await saveScreenshot(page, 'admin-products-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changed 30 products.' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText('$11.00');
  await expectNoSidewaysScroll(page, 'admin-products');

  const stored = await request.get(
    `/api/admin/products?shop=smart&q=${encodeURIComponent(`E2E Bulk ${stamp}`)}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const body = (await stored.json()) as { total: number; items: { price: string }[] };
  expect(body.total).toBe(30);
  expect(new Set(body.items.map((item) => item.price))).toEqual(new Set(['11.00']));

  await page.getByRole('button', { name: 'Select all 30 matching' }).click();
  await page.getByLabel('Action').selectOption('delete');
  await page.getByRole('button', { name: 'Apply…' }).click();
  await expect(confirm).toContainText('Delete 30 products and their images? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('No products match.')).toBeVisible();
});

test('the sales dashboard shows its chart and lists, and passes axe', async ({ page, request }) => {
  await signedInAdmin(page, request);
  await page.goto('/ayzadmin');
  await page.getByRole('link', { name: 'Sales' }).click();
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  await expect(page.locator('canvas')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Most viewed' })).toBeVisible();
  await page.getByLabel('Period').selectOption('90');
  await expect(page).toHaveURL(/days=90/);
  await expectAccessible(page, 'body', ['light', 'dark']);
  await saveScreenshot(page, 'admin-sales');
  await expectNoSidewaysScroll(page, 'admin-sales');
});

test('an image upload shows its progress and can be cancelled, and then nothing is added', async ({
  page,
  request,
}) => {
  await signedInAdmin(page, request);
  // Noise does not compress: about 3 MB, so the bar has bytes to count.
  const noise = await sharp(
    Buffer.from(Array.from({ length: 1000 * 1000 * 3 }, () => Math.floor(Math.random() * 256))),
    {
      raw: { width: 1000, height: 1000, channels: 3 },
    },
  )
    .png()
    .toBuffer();
  await page.goto('/smartadmin');
  const idField = page.getByLabel('id', { exact: true });
  await expect(idField).not.toHaveValue('');
  const id = await idField.inputValue();
  await page.getByLabel('title', { exact: true }).fill(`E2E cancelled upload ${Date.now()}`);
  await page.getByLabel('main category', { exact: true }).fill('E2E');
  await page.getByLabel('category', { exact: true }).fill('Cancelled');
  await page
    .getByLabel('choose images')
    .setInputFiles([{ name: 'noise.png', mimeType: 'image/png', buffer: noise }]);
  // The upload is held at the network until the test lets go, as a slow connection would hold it
  // (held there, Chromium reports no bytes sent: the bar shows it is waiting).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload-images', async (route) => {
    await held;
    await route.abort().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Add product' }).click();
  const bar = page.getByRole('progressbar', { name: 'Uploading images' });
  await expect(bar).toBeVisible();
  // The overlay covers the form: its Cancel has the focus, so the keyboard reaches it at once.
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The upload was cancelled, so the product was not added.')).toBeVisible();
  release();
  expect((await request.get(`/api/products/${id}?shop=smart`)).status()).toBe(404);
});
