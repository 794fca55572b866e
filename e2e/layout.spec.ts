/**
 * Issue 20, layout and focus: the corner buttons (the floating chat's toggle, scroll-to-top) leave the
 * end of every page readable once scrolled to it, at 1280, 390 and 320 px; a TOP-strip card that takes
 * the keyboard focus comes wholly into view, with motion and without; the search field's focus ring is
 * the ring every control has, in both themes; and at 320 px the open-box modal shows the whole price.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatDollars } from '../shared/rules/money.js';
import type { CatalogPage, OpenboxProduct } from '../shared/schemas/catalog.js';
import { CONDITIONS, SHOPS } from '../shared/shops.js';
import { offersAt, ok, placeOrder, signedInBuyer } from './support/orders.js';
import { expectAccessible, setTheme, type Theme } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/**
 * Scrolls to the very end and waits until the page stays there: late rows may still make it longer (a
 * shop's rows past the first view arrive one per frame, shops/catalogue/sliceQueue.ts, and a busy
 * machine may pause between two), so the page's height must also be the same at two looks in a row.
 */
async function scrollToEnd(page: Page): Promise<void> {
  let lastHeight = -1;
  await expect
    .poll(async () => {
      const { atEnd, height } = await page.evaluate(() => {
        const root = document.documentElement;
        const before = window.scrollY;
        window.scrollTo(0, root.scrollHeight);
        return {
          atEnd: window.scrollY === before && window.scrollY + window.innerHeight >= root.scrollHeight - 1,
          height: root.scrollHeight,
        };
      });
      const settled = atEnd && height === lastHeight;
      lastHeight = height;
      return settled;
    })
    .toBe(true);
}

/**
 * Scrolled to the end of the page, the footer's last lines are in view and no corner button covers
 * them or any of `targets` that is in view; fails naming every one covered.
 */
async function expectClearAtTheEnd(page: Page, targets: Record<string, Locator>, name: string) {
  await scrollToEnd(page);
  const footer = page.getByRole('contentinfo');
  const ends: Record<string, Locator> = {
    "the footer's last link": footer
      .getByRole('navigation', { name: 'Shops in the footer' })
      .getByRole('link')
      .last(),
    'the copyright': footer.getByText(/All rights reserved\.$/),
  };
  for (const end of Object.values(ends)) await expect(end).toBeInViewport();
  const buttons = {
    chat: page.getByRole('button', { name: /^Chats/ }),
    'scroll to top': page.getByRole('button', { name: 'Scroll to top' }),
  };
  const covered: string[] = [];
  let seen = 0;
  for (const [buttonName, button] of Object.entries(buttons)) {
    if (!(await button.isVisible())) continue;
    seen += 1;
    for (const [targetName, target] of Object.entries({ ...ends, ...targets })) {
      const box = await target.boundingBox();
      const inView = box !== null && box.y < (page.viewportSize()?.height ?? 0) && box.y + box.height > 0;
      if (inView && overlaps(await boxOf(button), box)) covered.push(`${buttonName} covers ${targetName}`);
    }
  }
  expect(seen, `${name}: no corner button to check`).toBeGreaterThan(0);
  expect(covered, name).toEqual([]);
  await saveScreenshot(page, name);
}

test('the corner buttons cover neither the end of the footer nor the last order, at 1280, 390 and 320 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const offers = await offersAt(request, 0.45, 2);
  const buyer = await signedInBuyer(page, request, 'Corinne Corner');
  for (const offer of offers)
    await placeOrder(request, buyer, offer, { shipping: { contact_name: 'Corinne Corner' } });
  await page.addInitScript(() => localStorage.setItem('account_tab', 'orders'));

  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 700 });
    await page.goto('/account');
    const orders = page.getByRole('tabpanel', { name: 'My Orders' }).getByRole('listitem');
    await expect(orders).toHaveCount(2);
    await expect(page.getByRole('button', { name: /^Chats/ })).toBeVisible();
    await expectClearAtTheEnd(page, { 'the last order': orders.last() }, `corner-account-${width}`);

    // A shop page has both buttons: scroll-to-top under the chat.
    await page.goto(SHOPS.ayz.route);
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await expectClearAtTheEnd(page, {}, `corner-shop-${width}`);
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  }
});

test('a visitor’s scroll-to-top leaves the end of the footer readable', async ({ page }) => {
  for (const width of [1280, 390, 320]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto(SHOPS.default.route);
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await expectClearAtTheEnd(page, {}, `corner-visitor-${width}`);
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toBeVisible();
  }
});

/** Where the focused element's card sits against the strip's visible track, or null outside the strip. */
function focusedCard(page: Page) {
  return page.evaluate(() => {
    const card = document.activeElement?.closest('[data-testid="product-card"]');
    const track = card?.closest('[data-testid="top-products"] ul');
    if (!card || !track) return null;
    const c = card.getBoundingClientRect();
    const t = track.getBoundingClientRect();
    return {
      title: card.querySelector('h3')?.textContent ?? '',
      insideTrack: c.left >= t.left - 1 && c.right <= t.right + 1,
      inViewport: c.top >= 0 && c.bottom <= window.innerHeight && c.left >= 0 && c.right <= window.innerWidth,
    };
  });
}

for (const motion of ['reduce', 'no-preference'] as const) {
  for (const width of [1280, 390]) {
    test(`a TOP-strip card that takes the keyboard focus is wholly in view (${width} px, motion ${motion})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ reducedMotion: motion });
      await page.goto(SHOPS.default.route);
      const track = page.getByTestId('top-products').getByRole('list');
      await expect(track.getByTestId('product-card')).toHaveCount(25);
      if (motion === 'no-preference') {
        // Let the strip move first, so the cards sit anywhere, half past its edges.
        const start = await track.evaluate((element) => element.scrollLeft);
        await expect
          .poll(() => track.evaluate((element) => element.scrollLeft), { timeout: 15_000 })
          .not.toBe(start);
      }
      await page.getByRole('button', { name: 'Search', exact: true }).focus();
      let cards = 0;
      for (let tab = 0; tab < 16; tab += 1) {
        await page.keyboard.press('Tab');
        const before = await focusedCard(page);
        if (!before) continue;
        cards += 1;
        await expect
          .poll(() => focusedCard(page), { message: `Tab ${tab + 1}: ${before.title}` })
          .toMatchObject({ insideTrack: true, inViewport: true });
      }
      expect(cards).toBeGreaterThan(5);
    });
  }
}

/**
 * The focus ring a keyboard user sees round an element: its outline, or a 0 0 0 Npx box-shadow (how
 * the ring was drawn before issue 20, which a control's own shadow replaced); 'none' without either.
 */
const ringOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0)
      return `${style.outlineWidth} ${style.outlineColor}`;
    const spread = /(rgba?\([^)]*\)) 0px 0px 0px (\d+px)/.exec(style.boxShadow);
    return spread ? `${spread[2]} ${spread[1]}` : 'none';
  });

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`the search field's focus ring is the one every control has (${theme} theme)`, async ({ page }) => {
    await page.goto(SHOPS.smart.route);
    await expect(page.getByTestId('category-row').first()).toBeVisible();
    await setTheme(page, theme);
    const reset = page.getByRole('button', { name: 'Reset' });
    const input = page.getByRole('searchbox');
    const search = page.getByRole('button', { name: 'Search', exact: true });
    await reset.focus();
    await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    // The field (icon and input) carries the ring.
    const field = input.locator('xpath=ancestor::label[1]');
    const fieldRing = await ringOf(field);
    await saveScreenshot(page, `search-focus-${theme}`);
    await page.keyboard.press('Tab');
    await expect(search).toBeFocused();
    const searchRing = await ringOf(search);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(reset).toBeFocused();
    const resetRing = await ringOf(reset);

    expect(searchRing).toMatch(/^3px rgba\(/);
    expect(resetRing).toBe(searchRing);
    expect(fieldRing).toBe(searchRing);
  });
}

test('the floating chat’s toggle shows the focus ring too (its own shadow does not hide it)', async ({
  page,
  request,
}) => {
  await signedInBuyer(page, request, 'Rina Ring');
  await page.goto(SHOPS.smart.route);
  const toggle = page.getByRole('button', { name: /^Chats/ });
  await expect(toggle).toBeVisible();
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await search.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(search).toBeFocused();
  const ring = await ringOf(search);
  // The toggle comes after the footer in the page: Tab from the footer's last link reaches it.
  const footerLinks = page.getByRole('navigation', { name: 'Shops in the footer' }).getByRole('link');
  await footerLinks.last().focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  expect(ring).not.toBe('none');
  expect(await ringOf(toggle)).toBe(ring);
});

/** The open-box product whose dearest condition has the longest price, with its in-stock conditions. */
async function dearestOpenboxProduct(page: Page): Promise<OpenboxProduct> {
  const { items } = await ok<CatalogPage>(await page.request.get('/api/catalog?shop=ayz&pageSize=100'));
  const products = (items as OpenboxProduct[]).filter((item) => item.kind === 'openbox');
  const top = (product: OpenboxProduct) =>
    Math.max(
      ...CONDITIONS.filter((c) => product[`${c}_condition_available_quantity`] > 0).map((c) =>
        Number(product[`${c}_condition_price`]),
      ),
    );
  return products.reduce((best, product) => (top(product) > top(best) ? product : best));
}

test('at 320 px the open-box modal shows the whole price of every condition chosen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const product = await dearestOpenboxProduct(page);
  await page.goto(`${SHOPS.ayz.route}?product=${product.id}`);
  const modal = page.getByRole('dialog', { name: product.title });
  const select = modal.getByRole('combobox', { name: 'Condition' });
  await expect(select).toBeEnabled();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    await select.selectOption(value);
    const price = formatDollars(product[`${value as (typeof CONDITIONS)[number]}_condition_price`]);
    await expect(modal.getByText(price, { exact: true })).toBeInViewport();
    // A closed dropdown shows the chosen option in one line and cuts what does not fit before its
    // arrow: the text up to the end of the price must fit (its padding and about 20 px of arrow aside).
    const fit = await select.evaluate((element: HTMLSelectElement, shown) => {
      const text = element.options[element.selectedIndex]!.text;
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const upToPrice = text.slice(0, text.indexOf(shown) + shown.length);
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return { text, needs: Math.ceil(context.measureText(upToPrice).width), room };
    }, price);
    expect(fit.needs, `“${fit.text}” at 320 px`).toBeLessThanOrEqual(fit.room);
  }
  await expectAccessible(page, '[role="dialog"]');
  await saveScreenshot(page, 'openbox-modal-price-320');
});

test('at 320 px no price on the Open Box Store’s cards is cut', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(SHOPS.ayz.route);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const cut = await page.getByTestId('product-card').evaluateAll((cards) =>
    cards.flatMap((card) =>
      [...card.querySelectorAll<HTMLElement>('*')]
        .filter((element) => /\$\d/.test(element.textContent ?? '') && element.children.length === 0)
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    ),
  );
  expect(cut).toEqual([]);
  await saveScreenshot(page, 'openbox-cards-320');
});
