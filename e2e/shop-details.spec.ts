/** The finer points of browsing: paging, swipe on a phone, the open-box offer, stock, the TOP strip. */
import { expect, test } from '@playwright/test';
import { CONDITION_INFO, SHOPS } from '../shared/shops.js';
import { type ConditionOffer, conditionOffers, stockLabel, totalStock } from '../shared/rules/offers.js';
import type { OpenboxProduct } from '../shared/schemas/catalog.js';
import { adminToken, overview } from './support/api.js';
import { saveScreenshot, swipe } from './support/screens.js';

test('a category of 30 products pages 25 at a time, and a page button scrolls to the top', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const category = `Paging ${Date.now()}`;
  for (let i = 1; i <= 30; i += 1) {
    const response = await request.post('/api/add-product?shop=smart', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: `Paged gadget ${String(i).padStart(2, '0')}`,
        main_category: 'Paging Tests',
        category,
        price: `${i}.00`,
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(SHOPS.smart.route);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('complementary', { name: 'Smart Shop menu' })
    .getByRole('button', { name: category })
    .click();
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(25);
  await expect(cards.first().getByRole('heading')).toHaveText('Paged gadget 01');
  await page.getByRole('navigation', { name: 'Pagination' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(cards).toHaveCount(5);
  await expect(cards.first().getByRole('heading')).toHaveText('Paged gadget 26');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  expect(await page.evaluate(() => localStorage.getItem('/smartshop:currentPage'))).toContain('2');
  await page.reload();
  await expect(cards.first().getByRole('heading')).toHaveText('Paged gadget 26');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('swipes through the gallery, with the arrows hidden', async ({ page, request }) => {
    const data = await overview(request, 'default');
    const product = data.groups[0]!.rows[0]!.items.find((item) => item.imagecount > 1)!;
    await page.goto(`${SHOPS.default.route}?product=${product.id}`);
    const dialog = page.getByRole('dialog', { name: product.title });
    const indicator = dialog.getByTestId('gallery-indicator');
    await expect(indicator).toHaveText(`1 of ${product.imagecount}`);
    await expect(dialog.getByRole('button', { name: 'Next image' })).toBeHidden();
    await swipe(page, '[data-testid="gallery-indicator"] >> xpath=..', -30);
    await expect(indicator).toHaveText(`1 of ${product.imagecount}`);
    await swipe(page, '[data-testid="gallery-indicator"] >> xpath=..', -120);
    await expect(indicator).toHaveText(`2 of ${product.imagecount}`);
    await swipe(page, '[data-testid="gallery-indicator"] >> xpath=..', 120);
    await swipe(page, '[data-testid="gallery-indicator"] >> xpath=..', 120);
    await expect(indicator).toHaveText(`${product.imagecount} of ${product.imagecount}`);
    await saveScreenshot(page, 'default-modal-phone');
  });
});

test('the open-box modal lists only conditions in stock, with stock labels and prices', async ({
  page,
  request,
}) => {
  const data = await overview(request, 'ayz');
  const items = data.groups.flatMap((g) => g.rows.flatMap((r) => r.items)) as OpenboxProduct[];
  const product = items.find(
    (item) =>
      item.acceptable_condition_available_quantity === 0 && item.good_condition_available_quantity > 0,
  )!;
  await page.goto('/');
  await page.getByPlaceholder('Search products by name...').fill(product.title);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('product-card').getByRole('button', { name: product.title }).first().click();
  const dialog = page.getByRole('dialog', { name: product.title });
  const select = dialog.getByRole('combobox');
  await expect(select.locator('option', { hasText: CONDITION_INFO.good.emoji })).toHaveCount(1);
  const options = await select.locator('option').allInnerTexts();
  expect(options.some((text) => text.includes(CONDITION_INFO.acceptable.label))).toBe(false);
  const good = options.find((text) => text.includes(CONDITION_INFO.good.label))!;
  expect(good).toContain(CONDITION_INFO.good.emoji);
  expect(good).toContain(String(product.good_condition_available_quantity));
  expect(good).toContain(product.good_condition_price);
  // The units on sale: an unpriced condition's are not counted (issue 30).
  await expect(dialog.getByText(stockLabel(totalStock(conditionOffers(product)))).first()).toBeVisible();

  const alerts: string[] = [];
  page.on('dialog', (alert) => {
    alerts.push(alert.message());
    void alert.dismiss();
  });
  await dialog.getByRole('button', { name: 'ADD TO CART' }).click();
  // Said in the product, with a way to sign in (issue 20), not in a browser alert.
  await expect(dialog.getByRole('status').filter({ hasText: 'Please log in to your account' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(alerts).toEqual([]);
  await saveScreenshot(page, 'ayz-modal-desktop');
});

test('a condition with units but no price is not on sale: not in the Condition list, not in the stock (issue 30)', async ({
  page,
  request,
}) => {
  // The demo catalogue has such products (e.g. 'Acceptable · $0.00 · 4 in stock' as the issue found it).
  const response = await request.get('/api/products?shop=ayz');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as OpenboxProduct[] | { products: OpenboxProduct[] };
  const items = Array.isArray(body) ? body : body.products;
  // Worked out here as the issue says it (a price of 0 is not for sale), not through the rule under test.
  const priced = (offer: ConditionOffer) => Number(offer.price) > 0;
  const unpricedWithUnits = (item: OpenboxProduct) =>
    conditionOffers(item).find((offer) => !priced(offer) && offer.quantity > 0);
  const forSaleInStock = (item: OpenboxProduct) =>
    conditionOffers(item).filter((offer) => priced(offer) && offer.quantity > 0);
  const product = items.find((item) => unpricedWithUnits(item) && forSaleInStock(item).length > 0);
  expect(
    product,
    'a demo product with an unpriced condition holding units, and a priced one in stock',
  ).toBeDefined();
  const offers = conditionOffers(product!);
  const unpriced = unpricedWithUnits(product!)!;
  const onSale = stockLabel(forSaleInStock(product!).reduce((total, offer) => total + offer.quantity, 0));
  const everyUnit = stockLabel(offers.reduce((total, offer) => total + offer.quantity, 0));
  expect(everyUnit).not.toBe(onSale);

  await page.goto('/');
  await page.getByPlaceholder('Search products by name...').fill(product!.title);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByTestId('product-card').filter({ hasText: product!.title }).first();
  // The card's stock counts only the units on sale.
  await expect(card.getByText(onSale, { exact: true })).toBeVisible();
  await expect(card.getByText(everyUnit, { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: product!.title }).click();
  const dialog = page.getByRole('dialog', { name: product!.title });
  const select = dialog.getByRole('combobox');
  // The placeholder, then exactly the conditions for sale with stock: never the unpriced one.
  await expect(select.locator('option')).toHaveCount(forSaleInStock(product!).length + 1);
  const options = await select.locator('option').allInnerTexts();
  // By its emoji: 'Good' is also in 'Very Good'.
  expect(options.some((text) => text.includes(CONDITION_INFO[unpriced.condition].emoji))).toBe(false);
  expect(options.some((text) => text.includes('$0.00'))).toBe(false);
  await expect(dialog.getByText(onSale, { exact: true }).first()).toBeVisible();
});

test('an unavailable affiliate product shows a dead Out of Stock button; others link to the retailer', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/api/products?shop=default')).json()) as {
    title: string;
    availability: string;
  }[];
  const soldOut = list.find((item) => item.availability === 'NO')!;
  await page.goto(SHOPS.default.route);
  await page.getByPlaceholder('Search products by name...').fill(soldOut.title);
  await page.getByPlaceholder('Search products by name...').press('Enter');
  const card = page.getByTestId('product-card').filter({ hasText: soldOut.title }).first();
  await expect(card.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  await page.getByRole('button', { name: 'Reset' }).click();
  const buy = page.getByRole('link', { name: 'Buy from AMAZON' }).first();
  await expect(buy).toHaveAttribute('href', /^https:\/\/www\.amazon\.com\//);
  await expect(buy).toHaveAttribute('target', '_blank');
});

test('the TOP Products strip scrolls by itself', async ({ page }) => {
  // The journeys run with reduced motion (playwright.config.ts); this one is about the motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto(SHOPS.default.route);
  const track = page.getByTestId('top-products').getByRole('list');
  await expect(track.getByTestId('product-card')).toHaveCount(25);
  const start = await track.evaluate((el) => el.scrollLeft);
  await expect
    .poll(() => track.evaluate((el) => el.scrollLeft), { timeout: 5000 })
    .toBeGreaterThan(start + 10);
});

test('PC Build shows typical and current totals per sub-category', async ({ page, request }) => {
  const data = await overview(request, 'pc');
  const [category, total] = Object.entries(data.totals)[0]!;
  await page.goto(SHOPS.pc.route);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const entry = page
    .getByRole('complementary', { name: 'PC Build menu' })
    .getByRole('button', { name: new RegExp(`^${category}`) });
  await expect(entry).toContainText(
    Number(total.typical_total).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await expect(entry).toContainText(
    Number(total.current_total).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await saveScreenshot(page, 'pc-sidebar');
});
