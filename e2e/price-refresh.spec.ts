/**
 * Issue 29 with a price source configured: what a visitor and the admin see. The shared journeys' server
 * has no source (other journeys read its typed prices), so this file starts a server of its own (the
 * build, its own data folder and port) pointed with AMAZON_CREATORS_* at the Creators API stand-in,
 * which runs in this test's process (server/test/amazon-creators-stand-in.ts).
 *
 * The demo seed's Referrals Shop links are Amazon search links, which are never checked, and the first
 * pass starts on the server's first tick: so the data folder is seeded here first, with the same
 * seedDemoCatalogue main.ts runs for SEED_DEMO (which then finds it seeded), and every Referrals Shop
 * product's link is made a /dp/ link on www.amazon.com before the server starts. The stand-in knows
 * every ASIN but one (a broken link) and answers one as out of stock; every price it gives is a dollar
 * above the typed one, so every read is a price change.
 *
 * A stale price without waiting 24 hours: once the pass has ended (the next is PRICE_REFRESH_HOURS
 * away), one refreshed product's version (updated_at, its 'Price as of') is written 25 hours back in
 * the server's SQLite file, and the stand-in forgets its ASIN; the refresh's sweep then hides it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { openDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemoCatalogue } from '../server/seed/seed.js';
import { type CreatorsStandIn, startCreatorsStandIn } from '../server/test/amazon-creators-stand-in.js';
import { type ServerProcess, startServerProcess, untilListening } from '../server/test/server-process.js';
import { formatDollars, priceDate } from '../shared/rules/money.js';
import type { AffiliateProduct, CatalogOverview, ProductSummary } from '../shared/schemas/catalog.js';
import type { PriceChecksResponse } from '../shared/schemas/priceChecks.js';
import { SHOPS } from '../shared/shops.js';
import { lookAt } from './support/page.js';

const PORT = Number(process.env.E2E_PORT ?? 3100) + 800;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'price-refresh-admin-password';
const SHOP = SHOPS.default;
const asin = (id: number) => `B0PR${String(id).padStart(6, '0')}`;
const amazonLink = (id: number) => `https://www.amazon.com/dp/${asin(id)}`;

let dataDir = '';
let standIn: CreatorsStandIn | undefined;
let server: ServerProcess | undefined;
/** The Referrals Shop's products as seeded: id and typed price. */
let seeded: { id: number; price_cents: number }[] = [];
let brokenId = 0;
let outOfStockId = 0;
/** The first two cards of the shop's first row: one stays fresh, the other goes stale. */
let fresh: AffiliateProduct;
let stale: AffiliateProduct;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

async function api<T>(url: string, token?: string): Promise<T> {
  const response = await fetch(`${ORIGIN}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: ADMIN_PASSWORD }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

const overview = () => api<CatalogOverview>(`/api/catalog/overview?shop=${SHOP.key}`);
const affiliate = (items: ProductSummary[]) =>
  items.filter((item): item is AffiliateProduct => item.kind === 'affiliate');
const inOverview = async (id: number) =>
  affiliate((await overview()).groups.flatMap((group) => group.rows).flatMap((row) => row.items)).find(
    (item) => item.id === id,
  );

const cardOf = (page: Page, title: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-price-refresh-'));
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'shop.db') });
  try {
    await migrateToLatest(handle.db);
    await seedDemoCatalogue(handle.db, path.join(dataDir, 'images'));
    seeded = await handle.db
      .selectFrom('products')
      .select(['id', 'price_cents'])
      .where('shop', '=', SHOP.key)
      .orderBy('id')
      .execute();
    for (const { id } of seeded) {
      await handle.db
        .updateTable('products')
        .set({ link: amazonLink(id) })
        .where('shop', '=', SHOP.key)
        .where('id', '=', id)
        .execute();
    }
  } finally {
    await handle.close();
  }
  expect(seeded.length).toBeGreaterThan(10);
  brokenId = seeded.at(-1)!.id;
  outOfStockId = seeded.at(-2)!.id;

  standIn = await startCreatorsStandIn();
  for (const { id, price_cents } of seeded) {
    if (id === brokenId) continue;
    standIn.items.set(asin(id), {
      amount: (price_cents + 100) / 100,
      type: id === outOfStockId ? 'OUT_OF_STOCK' : 'IN_STOCK',
    });
  }
  server = await startServerProcess({
    entry: 'build',
    port: PORT,
    env: {
      ...process.env,
      ...standIn.env(),
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      SESSION_SECRET: 'price-refresh-session-secret',
    },
  });
  await untilListening(server, 60_000);
  await server.waitForLine(/Prices:\s+Amazon/, 10_000);

  // The first pass reads the shop ten ASINs a call, a call a second: wait for it to end.
  const token = await adminToken();
  await expect
    .poll(
      async () =>
        (await api<PriceChecksResponse>(`/api/admin/price-checks?shop=${SHOP.key}`, token))
          .last_pass_ended_at,
      { timeout: 90_000, intervals: [500] },
    )
    .not.toBeNull();

  const firstRow = affiliate((await overview()).groups[0]!.rows[0]!.items);
  expect(firstRow.length).toBeGreaterThanOrEqual(2);
  [fresh, stale] = [firstRow[0]!, firstRow[1]!];
});

test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a refreshed price shows on the card and in the modal as of today', async ({ page }) => {
  test.setTimeout(120_000);
  const typed = seeded.find((row) => row.id === fresh.id)!.price_cents;
  const read = formatDollars((typed + 100) / 100);
  const today = priceDate(fresh.updated_at)!;
  // The read happened during this run: its date is today's (UTC, as 'Price as of' says it).
  expect(Date.now() - Date.parse(fresh.updated_at)).toBeLessThan(10 * 60_000);
  expect(fresh.price_stale).toBeUndefined();

  await page.goto(SHOP.route);
  const card = cardOf(page, fresh.title);
  await expect(card.getByTestId('product-price')).toHaveText(`Price: ${read}`);
  await expect(card.getByTestId('price-stale')).toHaveCount(0);
  await lookAt(page, 'main', 'price-refresh-card-fresh', card);

  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: fresh.title });
  await expect(dialog.getByTestId('product-price')).toHaveText(`Price: ${read}`);
  await expect(dialog.getByText(/^Price as of /)).toHaveText(`Price as of ${today}`);
  await expect(dialog.getByRole('link', { name: /^Buy from / })).toHaveAttribute(
    'href',
    amazonLink(fresh.id),
  );
  await lookAt(page, '[role="dialog"]', 'price-refresh-modal-fresh');
});

test('a price older than a day is hidden: See the price at Amazon, with the Buy link', async ({ page }) => {
  test.setTimeout(120_000);
  // The pass has ended, and the stand-in no longer answers this ASIN: nothing will make it fresh again.
  standIn!.items.delete(asin(stale.id));
  const callsBefore = standIn!.calls.length;
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'shop.db') });
  try {
    await handle.db
      .updateTable('products')
      .set({ updated_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('shop', '=', SHOP.key)
      .where('id', '=', stale.id)
      .execute();
  } finally {
    await handle.close();
  }
  // The sweep (a slice a tick, round the affiliate shops) hides it within seconds.
  await expect
    .poll(async () => (await inOverview(stale.id))?.price_stale, { timeout: 30_000, intervals: [500] })
    .toBe(true);
  // Hidden for its age, not as a broken link: the stand-in was not asked about it again.
  expect(
    standIn!.calls
      .slice(callsBefore)
      .filter((call) => (call.body as { itemIds: string[] }).itemIds.includes(asin(stale.id))),
  ).toEqual([]);

  await page.goto(SHOP.route);
  const card = cardOf(page, stale.title);
  await expect(card.getByTestId('price-stale')).toHaveText('See the price at Amazon');
  await expect(card.getByTestId('product-price')).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Buy from / })).toHaveAttribute('href', amazonLink(stale.id));
  // The fresh card beside it still shows its price.
  await expect(cardOf(page, fresh.title).getByTestId('product-price')).toBeVisible();
  await lookAt(page, 'main', 'price-refresh-card-stale', card);

  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('heading').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: stale.title });
  await expect(dialog.getByTestId('price-stale')).toHaveText('See the price at Amazon');
  await expect(dialog.getByTestId('product-price')).toHaveCount(0);
  await expect(dialog.getByText(/^Price as of /)).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: /^Buy from / })).toHaveAttribute(
    'href',
    amazonLink(stale.id),
  );
  await lookAt(page, '[role="dialog"]', 'price-refresh-modal-stale');
});

test('the Price checks screen shows the pass: products checked, price changes, a broken link', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const checks = await api<PriceChecksResponse>(
    `/api/admin/price-checks?shop=${SHOP.key}`,
    await adminToken(),
  );
  // Every product was read; each good read was a dollar above the typed price; one ASIN is unknown.
  expect(checks).toMatchObject({
    source: expect.stringContaining('Amazon'),
    marketplace: 'www.amazon.com',
    checked: seeded.length,
    price_changes: seeded.length - 1,
    out_of_stock: 1,
    broken_links: 1,
    not_checked: 0,
    last_error: null,
  });

  await page.goto(SHOP.adminRoute);
  await page.getByPlaceholder('Enter password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Price checks' }).click();
  await expect(page).toHaveURL(/\/admin\/prices$/);
  const figure = (term: string) =>
    page
      .locator('dl div')
      .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
      .getByRole('definition');
  await expect(page.getByRole('heading', { name: `${checks.source} on www.amazon.com` })).toBeVisible();
  await expect(figure('Products checked')).toHaveText(String(seeded.length));
  await expect(figure('Price changes')).toHaveText(String(seeded.length - 1));
  await expect(figure('Out of stock')).toHaveText('1');
  await expect(figure('Broken links')).toHaveText('1');
  await expect(figure('Not checked')).toHaveText('0');
  await expect(figure('Last pass ended')).not.toHaveText(/never|running/);
  const broken = page.getByRole('region', { name: 'Broken links (prices not shown)' });
  await expect(broken.getByRole('listitem')).toHaveCount(1);
  await expect(broken.getByRole('listitem')).toContainText(`${asin(brokenId)}: not found`);

  // The fresh product's history: the one change, and its 30-day low.
  await page.getByLabel('Product id').fill(String(fresh.id));
  await page.getByRole('button', { name: 'Show price history' }).click();
  await expect(page.getByText(`ASIN ${asin(fresh.id)}`)).toBeVisible();
  await lookAt(page, 'main', 'price-refresh-admin');
});
