/**
 * What a crawler or a link preview reads without running JavaScript (the head the server writes for a
 * product URL), and the date a shopper sees under an affiliate price.
 */
import { expect, test, type Page } from '@playwright/test';
import { priceDate } from '../shared/rules/money.js';
import { conditionOffers } from '../shared/rules/offers.js';
import type { ProductDetail } from '../shared/schemas/catalog.js';
import { SHOPS, SITE_NAME, type ShopKey } from '../shared/shops.js';
import { adminToken, firstRowProduct } from './support/api.js';
import { collectDialogs } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

async function productFromApi(page: Page, shop: ShopKey, id: number): Promise<ProductDetail> {
  const response = await page.request.get(`/api/products/${id}?shop=${shop}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ProductDetail;
}

/** The head as the browser parsed it. */
async function readHead(page: Page) {
  const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  return {
    title: await page.title(),
    description: await meta('name="description"'),
    canonical: await page.locator('head link[rel="canonical"]').getAttribute('href'),
    og: async (property: string) => meta(`property="og:${property}"`),
    twitterCard: await meta('name="twitter:card"'),
    jsonLd: ld.map((text) => JSON.parse(text) as Record<string, unknown>),
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("an affiliate product's URL carries its title, description, Open Graph and JSON-LD", async ({
    page,
    request,
    baseURL,
  }) => {
    const { id } = await firstRowProduct(request, 'pc');
    const product = await productFromApi(page, 'pc', id);
    if (product.kind !== 'affiliate') throw new Error('PC Build sells affiliate products');
    const response = await page.goto(`${SHOPS.pc.route}?product=${id}`);
    expect(response?.status()).toBe(200);
    const head = await readHead(page);
    const url = `${baseURL}${SHOPS.pc.route}?product=${id}`;
    expect(head.title).toBe(`${product.title} | ${SHOPS.pc.name}`);
    expect(head.description?.length).toBeGreaterThan(20);
    expect(head.canonical).toBe(url);
    expect(await head.og('type')).toBe('product');
    expect(await head.og('title')).toBe(head.title);
    expect(await head.og('description')).toBe(head.description);
    expect(await head.og('url')).toBe(url);
    expect(await head.og('image')).toBe(
      `${baseURL}/images/${SHOPS.pc.imageFolder}/${id}/preview/1.webp?v=${encodeURIComponent(product.updated_at)}`,
    );
    expect(head.twitterCard).toBe('summary_large_image');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: product.title,
        offers: [
          expect.objectContaining({
            price: product.price,
            priceCurrency: 'USD',
            availability: `https://schema.org/${product.availability === 'YES' ? 'InStock' : 'OutOfStock'}`,
          }),
        ],
      }),
    ]);
    // The shared picture is there to fetch.
    expect((await page.request.get((await head.og('image'))!)).ok()).toBe(true);
  });

  test("an open-box product's JSON-LD offers each condition in stock", async ({ page, request }) => {
    const { id } = await firstRowProduct(request, 'ayz');
    const product = await productFromApi(page, 'ayz', id);
    if (product.kind !== 'openbox') throw new Error('the Open Box Store sells open-box products');
    await page.goto(`${SHOPS.ayz.route}?product=${id}`);
    const head = await readHead(page);
    const inStock = conditionOffers(product).filter((offer) => offer.quantity > 0);
    expect(inStock.length).toBeGreaterThan(0);
    const offers = head.jsonLd[0]!.offers as { price: string; itemCondition: string; availability: string }[];
    expect(offers.map((offer) => offer.price)).toEqual(inStock.map((offer) => offer.price));
    for (const offer of offers) {
      expect(offer.itemCondition).toBe('https://schema.org/UsedCondition');
      expect(offer.availability).toBe('https://schema.org/InStock');
    }
  });

  test('a hostile product title stays text in the head', async ({ page }) => {
    const token = await adminToken(page.request);
    const title = `</title><script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const added = await page.request.post('/api/add-product?shop=smart', {
      headers: { authorization: `Bearer ${token}` },
      // Last in the shop's rows while it exists, so journeys reading the first row meet the usual catalogue.
      data: { title, main_category: 'Zz Hostile', category: 'Titles', price: '1.00' },
    });
    expect(added.status()).toBe(201);
    const { id } = (await added.json()) as { id: number };
    await page.goto(`${SHOPS.smart.route}?product=${id}`);
    expect(await page.title()).toBe(`${title} | ${SHOPS.smart.name}`);
    expect((await readHead(page)).jsonLd[0]!.name).toBe(title);
    await expect(page.locator('img')).toHaveCount(0);
    await expect(page.locator('script:not([type="module"]):not([type="application/ld+json"])')).toHaveCount(
      0,
    );
    const removed = await page.request.delete(`/api/delete-product/${SHOPS.smart.editPathSegment}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.ok()).toBe(true);
  });
});

test("an affiliate product's modal says when its price was last updated; the open box's does not", async ({
  page,
  request,
}) => {
  const dialogs = collectDialogs(page);
  // The JSON-LD block is data, not script: the CSP (no inline scripts) has nothing to refuse.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      document.documentElement.dataset.cspViolation = event.violatedDirective;
    });
  });
  const { id } = await firstRowProduct(request, 'default');
  const product = await productFromApi(page, 'default', id);
  await page.goto(`${SHOPS.default.route}?product=${id}`);
  const dialog = page.getByRole('dialog', { name: product.title });
  await expect(dialog.getByText(`Price as of ${priceDate(product.updated_at)}`)).toBeVisible();
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  expect(await page.locator('html').getAttribute('data-csp-violation')).toBeNull();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await saveScreenshot(page, `seo-price-as-of-${width}`);
  }
  const openBox = await firstRowProduct(request, 'ayz');
  await page.goto(`${SHOPS.ayz.route}?product=${openBox.id}`);
  const openBoxDialog = page.getByRole('dialog', { name: openBox.title });
  await expect(openBoxDialog.getByRole('heading', { name: openBox.title }).first()).toBeVisible();
  await expect(openBoxDialog.getByText('Price as of')).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('the tab title follows the page: a product while its modal is open, else its shop', async ({
  page,
  request,
}) => {
  const product = await firstRowProduct(request, 'pc');
  await page.goto(`${SHOPS.pc.route}?product=${product.id}`);
  const dialog = page.getByRole('dialog', { name: product.title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveTitle(`${product.title} | ${SHOPS.pc.name}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveTitle(SHOPS.pc.seoTitle);
  await page.getByRole('link', { name: SHOPS.default.name }).first().click();
  await expect(page).toHaveURL(SHOPS.default.route);
  await expect(page).toHaveTitle(SHOPS.default.seoTitle);
  const other = await firstRowProduct(request, 'default');
  await page.getByRole('button', { name: other.title }).first().click();
  await expect(page).toHaveTitle(`${other.title} | ${SHOPS.default.name}`);
  // In the app, on to a page that names itself nothing: the landing product's title must not come back.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/no-such-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(SITE_NAME);
});
