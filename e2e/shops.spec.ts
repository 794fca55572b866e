/** A visitor browses each of the four shops: search, sort, a category, a product and its gallery, Back. */
import { expect, test } from '@playwright/test';
import { NAV_ORDER, SHOPS, SORT_LABELS } from '../shared/shops.js';
import { firstRowProduct, overview } from './support/api.js';
import { saveScreenshot } from './support/screens.js';

for (const key of NAV_ORDER) {
  const shop = SHOPS[key];

  test.describe(shop.name, () => {
    test('shows its rows, highlights its link, and looks right on desktop and phone', async ({
      page,
      request,
    }) => {
      const data = await overview(request, key);
      await page.goto(shop.route);
      await expect(
        page.getByRole('navigation', { name: 'Shops', exact: true }).getByRole('link', { name: shop.name }),
      ).toHaveAttribute('aria-current', 'page');
      const firstMain = Object.keys(data.categories).sort()[0]!;
      await expect(page.getByRole('region', { name: firstMain })).toBeVisible();
      await expect(page.getByTestId('category-row').first()).toBeVisible();
      if (shop.showTopProducts) {
        await expect(page.getByTestId('top-products').getByTestId('product-card')).toHaveCount(25);
      } else {
        await expect(page.getByTestId('top-products')).toHaveCount(0);
      }
      await expect(page.getByText(/earn from qualifying purchases/).first()).toBeVisible();
      await saveScreenshot(page, `${key}-desktop`);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('category-row').first()).toBeVisible();
      await saveScreenshot(page, `${key}-phone`);
    });

    test('searches by name and resets', async ({ page, request }) => {
      const product = await firstRowProduct(request, key);
      const word = product.title.split(/\s+/).find((w) => w.length > 4) ?? product.title;
      await page.goto(shop.route);
      const search = page.getByPlaceholder('Search products by name...');
      await search.fill(word.toUpperCase());
      await search.press('Enter');
      const titles = page.getByTestId('product-card').getByRole('heading');
      // Until the search answers, the unfiltered rows are still on screen.
      await expect(async () => {
        const shown = await titles.allInnerTexts();
        expect(shown.length).toBeGreaterThan(0);
        for (const title of shown) expect(title.toLowerCase()).toContain(word.toLowerCase());
        // Each match is listed once: the TOP strip steps aside while a search is active.
        expect(new Set(shown).size).toBe(shown.length);
      }).toPass();
      await expect(page.getByTestId('top-products')).toHaveCount(0);
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(search).toHaveValue('');
      if (shop.showTopProducts) await expect(page.getByTestId('top-products')).toBeVisible();
      // Other journeys may add categories meanwhile, so compare with the server's answer of the moment.
      await expect(async () => {
        const rows = (await overview(request, key)).groups.reduce((n, g) => n + g.rows.length, 0);
        expect(await page.getByTestId('category-row').count()).toBe(rows);
      }).toPass();
    });

    test('chooses a category, opens a product, walks the gallery, and Back closes it', async ({
      page,
      request,
    }) => {
      const data = await overview(request, key);
      // A demo category whose first product has several pictures (other journeys add image-less ones).
      const category = data.groups
        .flatMap((g) => g.rows)
        .find((row) => (row.items[0]?.imagecount ?? 0) > 1)!.category;
      // A client's views of a product count once a day, and other journeys may open this product from
      // the same machine: arrive as a visitor of its own (the e2e server trusts its loopback proxy).
      await page.setExtraHTTPHeaders({
        'x-forwarded-for': `198.51.100.${10 * (test.info().retry + 1) + NAV_ORDER.indexOf(key)}`,
      });
      await page.goto(shop.route);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('complementary', { name: `${shop.name} menu` });
      await menu.getByRole('button', { name: new RegExp(`^${category}`) }).click();
      await expect(
        page
          .getByRole('heading', { name: category, level: 1 })
          .or(page.getByRole('heading', { name: category, level: 2 }))
          .first(),
      ).toBeVisible();
      const cards = page.getByTestId('product-card');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeLessThanOrEqual(25);
      expect(await page.evaluate((k) => localStorage.getItem(k), `${shop.route}:selectedCategory`)).toContain(
        category,
      );

      const title = (await cards.first().getByRole('heading').innerText()).trim();
      const viewsBefore = (
        await (await request.get(`/api/catalog?shop=${key}&category=${encodeURIComponent(category)}`)).json()
      ).items.find((p: { title: string }) => p.title === title).view_count as number;
      await cards.first().getByRole('button', { name: title }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\?product=\d+/);
      await expect(dialog.getByText(/^ID: \d+$/)).toBeVisible();
      const indicator = dialog.getByTestId('gallery-indicator');
      const total = Number((await indicator.innerText()).split(' of ')[1]);
      await expect(indicator).toHaveText(`1 of ${total}`);
      await dialog.getByRole('button', { name: 'Next image' }).click();
      await expect(indicator).toHaveText(`2 of ${total}`);
      await dialog.getByRole('button', { name: 'Previous image' }).click();
      await dialog.getByRole('button', { name: 'Previous image' }).click();
      await expect(indicator).toHaveText(`${total} of ${total}`);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

      await dialog.getByRole('button', { name: /fullscreen/ }).click();
      const fullscreen = page.getByRole('dialog', { name: `${title}, fullscreen images` });
      await expect(fullscreen).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(fullscreen.getByText(`1 of ${total}`)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(fullscreen).toBeHidden();
      await expect(dialog).toBeVisible();

      const productUrl = page.url();
      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/product=/);
      // A view does not bump the catalogue version: the cached answers show it within the views window
      // (VIEWS_MAX_AGE_MS, 10 s, server/modules/catalog/freshness.ts).
      await expect
        .poll(
          async () => {
            const items = (
              await (
                await request.get(`/api/catalog?shop=${key}&category=${encodeURIComponent(category)}`)
              ).json()
            ).items;
            return items.find((p: { title: string }) => p.title === title).view_count;
          },
          { timeout: 20_000 },
        )
        .toBe(viewsBefore + 1);

      await page.goto(productUrl);
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    });

    if (shop.sorts.includes('price_asc')) {
      test('sorts by price, exclusively, and remembers it', async ({ page }) => {
        await page.goto(shop.route);
        await page.getByRole('button', { name: 'Open menu' }).click();
        // The menu stays open after a sort is chosen.
        await page.getByRole('button', { name: SORT_LABELS.views }).click();
        await page.getByRole('button', { name: SORT_LABELS.price_asc }).click();
        await expect(page.getByRole('button', { name: SORT_LABELS.views })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
        await page.getByRole('button', { name: 'Close menu' }).click();
        const stored = await page.evaluate(
          (route) => ({
            price: localStorage.getItem(`${route}:sortByPrice`),
            views: localStorage.getItem(`${route}:sortByViews`),
          }),
          shop.route,
        );
        expect(stored.price).toContain('asc');
        expect(stored.views).not.toContain('true');
        const firstRow = page.getByTestId('category-row').first();
        await expect(firstRow.getByTestId('product-card').first()).toBeVisible();
        // The new order replaces the old one as a transition (client/main.tsx): what the shopper sees
        // settles on it, so wait for the row to read in ascending prices rather than reading it at once.
        const amountsShown = async () =>
          (await firstRow.getByTestId('product-price').allInnerTexts()).map((text) =>
            Number(/\d[\d,]*\.\d{2}/.exec(text)![0].replace(/,/g, '')),
          );
        await expect
          .poll(async () => {
            const amounts = await amountsShown();
            return amounts.length > 1 && amounts.every((amount, i) => i === 0 || amounts[i - 1]! <= amount);
          })
          .toBe(true);
        await page.reload();
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('button', { name: SORT_LABELS.price_asc })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      });
    }
  });
}

test('the theme toggle switches to dark and stays dark after a reload', async ({ page }) => {
  await page.goto('/pcshop');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await saveScreenshot(page, 'pc-dark');
});
