/**
 * A keyboard user: the skip link is the first Tab stop and takes focus to the products; the menu
 * button moves focus into the menu, Tab stays inside it while it is open, choosing a sort keeps focus
 * there, and Escape or Close gives focus back to the menu button. On a phone the shop links are in it.
 */
import { expect, test, type Page } from '@playwright/test';
import { SHOPS, SORT_LABELS } from '../shared/shops.js';

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.getAttribute('aria-label') ?? element?.innerText.trim() ?? '';
  });

const focusIsIn = (page: Page, selector: string) =>
  page.evaluate(
    (scope) => document.querySelector(scope)?.contains(document.activeElement) ?? false,
    selector,
  );

test('the first Tab stop skips to the products', async ({ page }) => {
  await page.goto(SHOPS.smart.route);
  await expect(page.getByTestId('category-row').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to products' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#products')).toBeFocused();
  expect(page.url()).not.toContain('#');
  // The next stop is inside the products, past the header and the search bar.
  await page.keyboard.press('Tab');
  expect(await focusIsIn(page, '#products')).toBe(true);
});

for (const width of [1280, 390]) {
  test(`at ${width} px the menu holds focus while open and gives it back to the menu button`, async ({
    page,
  }) => {
    const shop = SHOPS.default;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(shop.route);
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('complementary', { name: `${shop.name} menu` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();

    // More Tabs than the menu has stops, both ways: focus never leaves it.
    const stops = await menu.locator('a[href], button').count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsIn(page, '#shop-sidebar'), `Tab ${i + 1}: ${await focusedName(page)}`).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsIn(page, '#shop-sidebar')).toBe(true);
    }
    // Every shop is reachable from the menu (on a phone the header has no shop links).
    await expect(menu.getByRole('navigation', { name: 'Shops in the menu' }).getByRole('link')).toHaveCount(
      4,
    );

    const sort = menu.getByRole('button', { name: SORT_LABELS.rating });
    await sort.focus();
    await page.keyboard.press('Enter');
    await expect(sort).toHaveAttribute('aria-pressed', 'true');
    await expect(sort).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });
}
