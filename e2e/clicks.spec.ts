/**
 * Issue 29: a visitor presses Buy on an affiliate product; the link opens the retailer's own page (not
 * followed here: the retailer's host answers from the test) and the admin's products table then shows
 * the click.
 */
import { expect, test } from '@playwright/test';
import { SHOPS } from '../shared/shops.js';
import { adminToken, lastRowCategory } from './support/api.js';

const RETAILER = 'https://retailer.example';

test('a Buy click is counted once, and the admin products table shows it', async ({
  page,
  context,
  request,
}) => {
  const token = await adminToken(request);
  const title = `Clicked lamp ${Date.now()}`;
  const link = `${RETAILER}/p/clicked-lamp`;
  const added = await request.post('/api/add-product?shop=default', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      ...(await lastRowCategory(request, 'default')),
      price: '19.99',
      link,
      availability: 'YES',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { id } = (await added.json()) as { id: number };
  // The new tab goes to the retailer: answered here, never leaving the machine.
  await context.route(`${RETAILER}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Retailer</title>' }),
  );

  await page.goto(`${SHOPS.default.route}?product=${id}`);
  const dialog = page.getByRole('dialog', { name: title });
  const buy = dialog.getByRole('link', { name: /^Buy from / });
  await expect(buy).toHaveAttribute('href', link);
  await expect(buy).toHaveAttribute('rel', /\bsponsored\b/);
  const beacon = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().endsWith(`/api/products/${id}/click?shop=default`),
  );
  const [retailer] = await Promise.all([context.waitForEvent('page'), buy.click()]);
  await beacon;
  // The tab opened the retailer's URL itself: no redirect of ours in between.
  await retailer.waitForLoadState();
  expect(retailer.url()).toBe(link);
  await retailer.close();
  // A second press within 10 minutes is not another click.
  const [again] = await Promise.all([context.waitForEvent('page'), buy.click()]);
  await again.close();

  const clicks = async () => {
    const response = await request.get(`/api/admin/products?shop=default&q=${encodeURIComponent(title)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { items: { clicks_30d: number }[] }).items[0]?.clicks_30d;
  };
  await expect.poll(clicks).toBe(1);

  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
  await page.goto(`${SHOPS.default.adminRoute}/products?q=${encodeURIComponent(title)}`);
  const table = page.getByRole('table', { name: `Products of the ${SHOPS.default.name}` });
  await expect(table.getByRole('columnheader', { name: 'Clicks (30 days)' })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const cells = row.getByRole('cell');
  await expect(cells.nth(headers.indexOf('Clicks (30 days)'))).toHaveText('1');
});
