/**
 * Every shop on a 320 and a 390 px phone: a one-row header, nothing that scrolls the page sideways
 * (also with a product modal open), whole Buy buttons, a modal whose Close is in reach at the bottom,
 * and a fullscreen gallery that hides the modal below it. One page per shop, the widths in a loop.
 */
import { expect, test, type Page } from '@playwright/test';
import { NAV_ORDER, SHOPS } from '../shared/shops.js';
import { adminToken, overview } from './support/api.js';
import { saveScreenshot } from './support/screens.js';

const PHONES = [320, 390] as const;
/** One row of 40 px controls with its padding; the old header wrapped to 117 (390) and 184 px (320). */
const ONE_ROW_HEADER_PX = 64;

/** Compared with the screen's width as set: a phone browser widens innerWidth to fit wide content. */
async function expectNoSidewaysScroll(page: Page, width: number, where: string): Promise<void> {
  const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(documentWidth, `${where}: the page is wider than the screen`).toBeLessThanOrEqual(width);
}

/**
 * Every Buy button shows its whole label: none is cut off by its own box or by the screen's edge. Judged
 * on the settled page: right after a resize or a load, a label can be measured in a fallback font or in a
 * card the deferred render has only just laid out (a flaky first try on CI), so the check waits for the
 * fonts and asks again until the labels are whole or its time is up.
 */
async function expectWholeBuyButtons(page: Page, where: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const cutLabels = () =>
    page
      .getByRole('link', { name: /^Buy from / })
      .evaluateAll((links) =>
        links
          .filter(
            (link) => link.scrollWidth > link.clientWidth + 1 || link.scrollHeight > link.clientHeight + 1,
          )
          .map((link) => link.textContent),
      );
  await expect.soft.poll(cutLabels, { message: `${where}: Buy buttons with a cut-off label` }).toEqual([]);
}

async function expectOneRowHeader(page: Page, where: string): Promise<void> {
  const header = page.locator('header').first();
  const box = (await header.boundingBox())!;
  expect.soft(box.height, `${where}: header height`).toBeLessThanOrEqual(ONE_ROW_HEADER_PX);
  const menu = (await page.getByRole('button', { name: 'Open menu' }).boundingBox())!;
  const theme = (await page.getByRole('button', { name: /^Switch to / }).boundingBox())!;
  expect.soft(Math.abs(menu.y - theme.y), `${where}: menu and theme buttons on one row`).toBeLessThan(4);
  expect.soft(theme.x + theme.width, `${where}: theme button on screen`).toBeLessThanOrEqual(box.width);
}

/** Scrolls the dialog to its end; Close is then on screen, on top (nothing covers it), and closes it. */
async function expectCloseInReachAtBottom(page: Page, title: string, where: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const close = dialog.getByRole('button', { name: 'Close', exact: true });
  const onTop = await close.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return box.top >= 0 && box.bottom <= window.innerHeight && hit !== null && button.contains(hit);
  });
  expect.soft(onTop, `${where}: Close visible and uncovered at the bottom of the modal`).toBe(true);
}

/** The fullscreen gallery covers the whole screen with an opaque backdrop: the modal does not show through. */
async function expectFullscreenCovers(page: Page, title: string): Promise<void> {
  const fullscreen = page.getByRole('dialog', { name: `${title}, fullscreen images` });
  await expect(fullscreen).toBeVisible();
  // Polled: the fullscreen fades in over the modal, which may itself still be rising into place.
  await expect(async () => {
    const cover = await fullscreen.evaluate(async (element) => {
      await Promise.all(element.getAnimations().map((animation) => animation.finished));
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const corners = [
        [1, 1],
        [innerWidth - 2, 1],
        [1, innerHeight - 2],
        [innerWidth - 2, innerHeight - 2],
      ].every(([x, y]) => element.contains(document.elementFromPoint(x!, y!)));
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(style.backgroundColor)?.[1];
      return {
        covers: box.left <= 0 && box.top <= 0 && box.right >= innerWidth && box.bottom >= innerHeight,
        corners,
        opaque: (alpha === undefined || Number(alpha) === 1) && style.opacity === '1',
      };
    });
    expect(cover).toEqual({ covers: true, corners: true, opaque: true });
  }).toPass();
}

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 320, height: 720 } });

  test.beforeAll(async ({ request }) => {
    // A category name with no place to break: its row title must wrap, not push 'See all' off screen.
    const token = await adminToken(request);
    for (const key of NAV_ORDER) {
      const response = await request.post(`/api/add-product?shop=${key}`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          title: `Phone width check ${key}`,
          main_category: 'Phone Checks',
          category: `Extraordinarilylongcategorynamewithoutspaces${key}`,
          price: '9.00',
        },
      });
      expect(response.status(), await response.text()).toBe(201);
    }
  });

  for (const key of NAV_ORDER) {
    const shop = SHOPS[key];
    test(`${shop.name} fits 320 and 390 px screens, with its modal and fullscreen gallery`, async ({
      page,
      request,
    }) => {
      const data = await overview(request, key);
      const product = data.groups
        .flatMap((group) => group.rows.flatMap((row) => row.items))
        .find((item) => item.imagecount > 1 && (item.kind === 'openbox' || item.availability !== 'NO'))!;
      await page.goto(shop.route);
      await expect(page.getByTestId('category-row').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: /^Extraordinarilylong/ })).toBeVisible();
      for (const width of PHONES) {
        const where = `${key} at ${width} px`;
        await page.setViewportSize({ width, height: 720 });
        await expectNoSidewaysScroll(page, width, where);
        await expectOneRowHeader(page, where);
        await expectWholeBuyButtons(page, where);
        await saveScreenshot(page, `phone-${key}-${width}`);
      }
      // The shop links live in the menu on a phone.
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menuLinks = page.getByRole('navigation', { name: 'Shops in the menu' });
      await expect(menuLinks.getByRole('link', { name: shop.name })).toHaveAttribute('aria-current', 'page');
      await saveScreenshot(page, `phone-${key}-menu-390`);
      await page.keyboard.press('Escape');

      await page.goto(`${shop.route}?product=${product.id}`);
      const dialog = page.getByRole('dialog', { name: product.title });
      await expect(dialog).toBeVisible();
      for (const width of PHONES) {
        const where = `${key} modal at ${width} px`;
        await page.setViewportSize({ width, height: 720 });
        await expectNoSidewaysScroll(page, width, where);
        await expectWholeBuyButtons(page, where);
        await saveScreenshot(page, `phone-${key}-modal-${width}`);
        await expectCloseInReachAtBottom(page, product.title, where);
        await saveScreenshot(page, `phone-${key}-modal-${width}-bottom`);
        await dialog.evaluate((element) => element.scrollTo({ top: 0 }));
      }
      await dialog.getByRole('button', { name: /fullscreen/ }).click();
      await expectFullscreenCovers(page, product.title);
      await saveScreenshot(page, `phone-${key}-fullscreen-390`);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();

      await page.setViewportSize({ width: 1280, height: 800 });
      await saveScreenshot(page, `phone-${key}-1280`);
    });
  }

  test('the header slides away while scrolling down and returns on the first scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 720 });
    await page.goto(SHOPS.pc.route);
    await expect(page.getByTestId('category-row').nth(2)).toBeVisible();
    const headerBottom = () =>
      page
        .locator('header')
        .first()
        .evaluate((h) => h.getBoundingClientRect().bottom);
    await page.mouse.wheel(0, 900);
    await expect.poll(headerBottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(headerBottom).toBeGreaterThan(40);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport();
  });
});
