/**
 * Issue 20, words: one order reads the same to the buyer (My Orders), the seller (/orders) and on the
 * sales page: 'Paid' on every screen, never the API's 'finished' (or 'FINISHED'); conditions by their
 * labels ('Very Good', never 'verygood'); and counts agree with their nouns ('Import 1 product',
 * '1 problem', 'Cart, 1 item'). Orders are placed through the real API (demo sign-in, purchase,
 * sandbox payment).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PAYMENT_STATUS_LABELS } from '../shared/rules/status-labels.js';
import { PAYMENT_STATUSES } from '../shared/schemas/buying.js';
import { CONDITION_INFO, CONDITIONS } from '../shared/shops.js';
import { adminToken } from './support/api.js';
import {
  addToCart,
  adminOrderCard,
  offersAt,
  openOrdersSignedIn,
  placeOrder,
  signedInBuyer,
} from './support/orders.js';
import { lookAt } from './support/page.js';

const STATUS_LABELS = new Set(Object.values(PAYMENT_STATUS_LABELS).map(({ label }) => label));
const CONDITION_LABELS = new Set(CONDITIONS.map((condition) => CONDITION_INFO[condition].label));

/** The payment status badge inside `scope`, as rendered (innerText: what text-transform makes of it). */
async function shownStatus(scope: Locator): Promise<string> {
  const badge = scope.locator('span:has(> .visually-hidden)').filter({ hasText: /^Payment status:/ });
  await expect(badge).toHaveCount(1);
  return (await badge.innerText()).replace(/\s+/g, ' ').trim();
}

/** A term's value in a definition list (My Orders' facts) or a label/value field list (the seller's card). */
function fact(scope: Locator, term: string): Locator {
  return scope.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The rendered words of every row of a sales panel, label and value. */
async function salesRows(page: Page, title: string): Promise<{ label: string; value: string }[]> {
  const panel = page.getByRole('region', { name: title });
  await expect(panel).toBeVisible();
  return panel.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => ({
      label: (item.querySelector('span') as HTMLElement).innerText.trim(),
      value: (item.querySelector('strong') as HTMLElement).innerText.trim(),
    })),
  );
}

test('an order reads the same to the buyer, to the seller and on the sales page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const [paidOffer, waitingOffer] = await offersAt(request, 0.38, 2);
  const buyer = await signedInBuyer(page, request, 'Wendy Words');
  const shipping = { contact_name: 'Wendy Words' };
  const paid = await placeOrder(request, buyer, paidOffer!, { pay: true, shipping });
  const waiting = await placeOrder(request, buyer, waitingOffer!, { shipping });

  await page.addInitScript(() => localStorage.setItem('account_tab', 'orders'));
  await page.goto('/account');
  const myOrders = page.getByRole('tabpanel', { name: 'My Orders' });
  const buyerCard = (paymentId: string) => myOrders.getByRole('listitem').filter({ hasText: paymentId });
  await expect(buyerCard(paid)).toBeVisible();

  const seller = await browser.newPage();
  await openOrdersSignedIn(seller);
  const expected = [
    { paymentId: paid, offer: paidOffer!, status: 'Payment status: Paid' },
    { paymentId: waiting, offer: waitingOffer!, status: 'Payment status: Awaiting payment' },
  ];
  for (const { paymentId, offer, status } of expected) {
    const mine = buyerCard(paymentId);
    const theirs = adminOrderCard(seller, paymentId);
    // The very same words, as rendered: not 'finished', nor 'Paid' on one side and 'PAID' on the other.
    expect(await shownStatus(mine)).toBe(status);
    expect(await shownStatus(theirs)).toBe(status);
    await expect(mine.getByText('Not Sent', { exact: true })).toBeVisible();
    await expect(theirs.getByRole('button', { name: /^Not Sent/ })).toBeVisible();
    const label = CONDITION_INFO[offer.condition].label;
    await expect(fact(mine, 'Condition')).toHaveText(`${CONDITION_INFO[offer.condition].emoji} ${label}`);
    await expect(fact(theirs, 'Condition')).toHaveText(label);
  }
  await lookAt(page, 'main', 'words-my-orders', buyerCard(paid));
  await lookAt(seller, 'main', 'words-admin-order', adminOrderCard(seller, paid));

  // The sales page counts orders by the same labels, and names conditions by theirs.
  await seller.setViewportSize({ width: 1280, height: 800 });
  await seller.goto('/ayzadmin/sales');
  await expect(seller.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
  const byStatus = await salesRows(seller, 'Orders by payment status');
  expect(byStatus.map((row) => row.label)).toEqual(expect.arrayContaining(['Paid', 'Awaiting payment']));
  for (const row of byStatus) {
    expect(STATUS_LABELS, `'${row.label}' on the sales page`).toContain(row.label);
    // Never the raw key ('partially_paid'); a label that only capitalises one ('Refunded') is a word.
    expect(PAYMENT_STATUSES as readonly string[]).not.toContain(row.label);
    expect(row.label).not.toMatch(/_/);
  }
  const lowStock = seller.getByRole('region', { name: 'Low stock' }).getByRole('listitem');
  await expect(lowStock.first()).toBeVisible();
  const conditions = await lowStock.locator('small').allInnerTexts();
  expect(conditions.length).toBeGreaterThan(0);
  for (const condition of conditions) expect(CONDITION_LABELS, `'${condition}'`).toContain(condition);
  for (const { value } of await salesRows(seller, 'Most viewed')) {
    expect(value).toMatch(/^(1 view|[\d,]+ views)$/);
    expect(value).not.toBe('1 views');
  }
  const totals = seller.getByText(/^[\d,]+ orders? · -?\$[\d,]+\.\d\d net received$/);
  await expect(totals).toBeVisible();
  await expect(totals).not.toHaveText(/^1 orders /);
  await expect(seller.getByLabel('Period').locator('option')).toHaveText(['Last 30 days', 'Last 90 days']);
  await lookAt(seller, 'main', 'words-sales');
  await seller.close();
});

test('counts of one read in the singular: one product to import, one problem, one item in the cart', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
  await page.goto('/smartadmin/products');
  await expect(page.getByRole('heading', { name: 'Smart Shop: products' })).toBeVisible();
  const file = page.locator('input[type="file"]');
  const header = 'id,title,main_category,category,price,rate,availability,link';
  const row = (price: string) =>
    `,E2E Words ${Date.now()},E2E,Words,${price},4,YES,https://retailer.example/e2e/words`;
  // Checked only (a dry run): nothing is saved.
  await file.setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${row('1.234')}`),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: /^1 problem in the file: nothing would be saved/ }),
  ).toBeVisible();
  await file.setInputFiles({
    name: 'one.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${row('10.00')}`),
  });
  await expect(page.getByText('The file is ready: 1 new, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 1 product', exact: true })).toBeVisible();

  const [offer] = await offersAt(request, 0.38, 1);
  const buyer = await signedInBuyer(page, request, 'Uma Units');
  await addToCart(request, buyer, offer!);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Cart, 1 item', exact: true })).toBeVisible();
});
