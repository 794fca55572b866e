/**
 * The Activity screen (issue 28): the admin signs in through the form, changes a product's price in the
 * Edit tab, then opens Activity and finds the sign-in and the edit with its price before → after,
 * narrows the list by action (kept in the address bar), and exports the filtered rows as CSV.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminToken, E2E_ADMIN_PASSWORD } from './support/api.js';
import { collectDialogs, expectAccessible, setTheme } from './support/page.js';

test('the admin finds their sign-in and a price edit in the activity log, filters it and exports it', async ({
  page,
  request,
}) => {
  const dialogs = collectDialogs(page);
  // A product of its own, far from the ids other journeys' Add forms are given.
  const id = 800_000 + Math.floor(Math.random() * 100_000);
  const title = `E2E Activity ${id}`;
  const added = await request.post('/api/add-product?shop=ayz', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: {
      id,
      title,
      main_category: 'Audio',
      category: 'Speakers',
      acceptable_condition_price: '19.99',
      acceptable_condition_available_quantity: 2,
    },
  });
  expect(added.status()).toBe(201);

  await page.goto('/ayzadmin');
  await page.getByPlaceholder('Enter password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Edit product' }).click();
  await page.getByLabel('Enter product ID').fill(String(id));
  await page.getByRole('button', { name: 'Load product' }).click();
  await expect(page.getByLabel('title', { exact: true })).toHaveValue(title);
  await page.getByLabel('acceptable condition price', { exact: true }).fill('24.50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => dialogs).toContain('Product updated');

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/ayzadmin\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();

  const edit = page
    .getByRole('article')
    .filter({ hasText: `product ayz/${id}` })
    .filter({ hasText: 'Product edited' });
  await expect(edit).toBeVisible();
  await expect(edit.getByRole('definition').filter({ hasText: '19.99' })).toHaveText(
    '19.99 → changed to 24.50',
  );
  const signIn = page.getByRole('article').filter({ hasText: 'Admin signed in' }).first();
  await expect(signIn).toBeVisible();
  await expect(signIn.getByText(/^admin [0-9a-f]{8} @ /)).toBeVisible();

  // Narrowed to edits of this product: in the address bar, so a reload keeps it.
  await page.getByLabel('Target contains').fill(`ayz/${id}`);
  await page.getByLabel('Action').selectOption({ label: 'Product edited' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`target=ayz%2F${id}&action=product\\.edit`));
  await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused();
  await expect(page.getByText('1 action', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('product.edit');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').first()).toContainText('Product edited');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('at,actor,action,target,before,after');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`,product.edit,product ayz/${id},`);
  expect(csv[1]).toContain('""acceptable_condition_price"":""24.50""');

  // Clear shows everything again, the sign-in among it.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/ayzadmin\/activity$/);
  await expect(page.getByRole('article').filter({ hasText: 'Admin signed in' }).first()).toBeVisible();
  // Back brings the filtered list and its form again.
  await page.goBack();
  await expect(page.getByLabel('Action')).toHaveValue('product.edit');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.goForward();
  await expect(page.getByLabel('Action')).toHaveValue('');

  await page.getByLabel('Target contains').fill(`ayz/${id}`);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expectAccessible(page, 'main', ['light', 'dark']);
  await setTheme(page, 'light');
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `wider than the screen at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/activity-${width}.png`, fullPage: true });
  }
  await setTheme(page, 'dark');
  await page.screenshot({ path: '/tmp/activity-390-dark.png', fullPage: true });
});
