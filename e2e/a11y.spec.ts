/**
 * axe-core on every screen of the shops and the admin, in both themes, at desktop (1280) and phone
 * (390) widths: the four shop pages with their menu open, an affiliate and an open-box product modal,
 * the fullscreen gallery, the admin login, panel (add and edit forms, rich-text editor) and /orders,
 * and a buyer's /account, cart and /chats. Any finding fails, whatever its impact.
 *
 * Reduced motion is on: under the modal's blurred backdrop, the drifting background and the marquee
 * make each frame of software-rendered Chromium take about 0.1 s, and axe waits for frames.
 */
import { expect, test, type Page } from '@playwright/test';
import { NAV_ORDER, SHOPS } from '../shared/shops.js';
import type { SignInResponse } from '../shared/schemas/buying.js';
import { adminToken, overview } from './support/api.js';
import { expectAccessible } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

const BOTH_THEMES = ['light', 'dark'] as const;
const WIDTHS = [1280, 390] as const;

/** Scans `scope` at both widths in both themes, and photographs each width. */
async function expectAccessibleAtWidths(page: Page, scope: string, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 760 });
    await expectAccessible(page, scope, BOTH_THEMES);
    await saveScreenshot(page, `a11y-${name}-${width}`);
  }
}

// The slowest file by far: its screens spread over both workers instead of queueing on one.
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const key of NAV_ORDER) {
  const shop = SHOPS[key];
  test(`${shop.name}: the page, its open menu and a product modal pass axe`, async ({ page, request }) => {
    const data = await overview(request, key);
    const product = data.groups[0]!.rows.flatMap((row) => row.items).find((item) => item.imagecount > 1)!;
    await page.goto(shop.route);
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await expectAccessibleAtWidths(page, 'body', key);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('complementary', { name: `${shop.name} menu` })).toBeVisible();
    await expectAccessibleAtWidths(page, '#shop-sidebar', `${key}-menu`);
    await page.keyboard.press('Escape');

    await page.goto(`${shop.route}?product=${product.id}`);
    const dialog = page.getByRole('dialog', { name: product.title });
    await expect(dialog).toBeVisible();
    await expectAccessibleAtWidths(page, '[role="dialog"]', `${key}-modal`);
    if (key === 'default' || key === 'ayz') {
      await dialog.getByRole('button', { name: /fullscreen/ }).click();
      await expect(page.getByRole('dialog', { name: /fullscreen images$/ })).toBeVisible();
      await expectAccessibleAtWidths(page, '[aria-label$="fullscreen images"]', `${key}-fullscreen`);
    }
  });
}

test('the admin login, panel with its add and edit forms and rich-text editor, and /orders pass axe', async ({
  page,
  request,
}) => {
  await page.goto('/pcadmin');
  await expect(page.getByPlaceholder('Enter password')).toBeVisible();
  await expectAccessibleAtWidths(page, 'body', 'admin-login');

  const token = await adminToken(request);
  await page.evaluate((value) => localStorage.setItem('adminToken', value), token);
  await page.reload();
  await expect(page.locator('.ProseMirror')).toBeVisible();
  await expectAccessibleAtWidths(page, 'body', 'admin-add');
  const id = String((await overview(request, 'pc')).groups[0]!.rows[0]!.items[0]!.id);
  await page.getByRole('tab', { name: 'Edit product' }).click();
  await page.getByLabel('Enter product ID').fill(id);
  await page.getByRole('button', { name: 'Load product' }).click();
  await expect(page.getByLabel('title', { exact: true })).not.toHaveValue('');
  await expectAccessibleAtWidths(page, 'body', 'admin-edit');

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expectAccessibleAtWidths(page, 'body', 'orders');
});

test("a buyer's header, cart, /account and /chats pass axe", async ({ page, request }) => {
  const response = await request.post('/api/auth/demo', {
    data: { name: 'Ada Axe', email: `axe-${Date.now()}@example.com` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as SignInResponse;
  await page.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Ada Axe' })).toBeVisible();
  await expectAccessibleAtWidths(page, 'header', 'ayz-signed-in-header');
  await page.getByRole('button', { name: /^Cart/ }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await expectAccessibleAtWidths(page, '[role="dialog"]', 'cart');

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expectAccessibleAtWidths(page, 'body', 'account');

  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessibleAtWidths(page, 'body', 'chats');
});
