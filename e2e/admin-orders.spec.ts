/**
 * The seller works through the orders: a buyer's paid order is shipped with a tracking number, and an
 * unpaid one is deleted. Orders are made through the real API (demo sign-in, purchase, sandbox payment).
 */
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import type { SignInResponse } from '../shared/schemas/buying.js';
import type { Condition } from '../shared/shops.js';
import { formatDollars } from '../shared/rules/money.js';
import { formatOrderDate } from '../client/admin/orders/orderFormat.js';
import { adminOrderCard, ok, openOrdersSignedIn, placeOrder, SHIP_TO } from './support/orders.js';
import { expectAccessible } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

const CONDITIONS: readonly Condition[] = ['acceptable', 'good', 'verygood', 'excellent'];

interface Offer {
  productId: number;
  title: string;
  condition: Condition;
  price: string;
}

interface PlacedOrder extends Offer {
  paymentId: string;
}

const shipTo = { ...SHIP_TO, contact_name: 'Orla Buyer' };

async function signInBuyer(request: APIRequestContext, name: string): Promise<SignInResponse> {
  const email = `orders-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  return ok(await request.post('/api/auth/demo', { data: { name, email } }));
}

/**
 * An open-box product with a priced condition in stock, from the front of the catalogue: the buying
 * journey takes its product from the back and the chat journey from the middle, so journeys running at
 * the same time never change each other's stock.
 */
async function buyableOffer(request: APIRequestContext): Promise<Offer> {
  const { items } = await ok<{ items: Record<string, unknown>[] }>(
    await request.get('/api/catalog?shop=ayz&pageSize=100'),
  );
  const products = items.filter((item) => item.kind === 'openbox');
  for (const product of products) {
    for (const condition of CONDITIONS) {
      const price = String(product[`${condition}_condition_price`]);
      const stock = Number(product[`${condition}_condition_available_quantity`]);
      if (Number(price) > 0 && stock >= 2) {
        return { productId: Number(product.id), title: String(product.title), condition, price };
      }
    }
  }
  throw new Error('no open-box product in stock');
}

async function placedOrder(
  request: APIRequestContext,
  buyer: SignInResponse,
  offer: Offer,
  pay: boolean,
): Promise<PlacedOrder> {
  return { ...offer, paymentId: await placeOrder(request, buyer, offer, { pay, shipping: shipTo }) };
}

/** The value shown under a field's label on a card. */
function field(card: Locator, label: string): Locator {
  const term = card.page().locator('dt', { hasText: new RegExp(`^${label}$`) });
  return card.locator('div', { has: term }).locator('dd');
}

test('shows every field of a paid order and ships it with a tracking number that stays after reload', async ({
  page,
  request,
}) => {
  const buyer = await signInBuyer(request, 'Orla Buyer');
  // An earlier paid order too: what every card repeats (its sections, its controls) must stay
  // distinguishable when the screen shows more than one.
  const earlier = await placedOrder(request, buyer, await buyableOffer(request), true);
  const order = await placedOrder(request, buyer, await buyableOffer(request), true);
  const [purchase] = await ok<{ payment_id: string; created_at: string }[]>(
    await request.get(`/api/my-purchases/${buyer.user.sub}`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
    }),
  );
  expect(purchase?.payment_id).toBe(order.paymentId);

  await openOrdersSignedIn(page);
  await expect(page.getByRole('link', { name: 'Back to Admin Panel' })).toHaveAttribute('href', '/ayzadmin');
  const card = adminOrderCard(page, order.paymentId);
  await expect(card).toBeVisible();
  // Newest first: the order just placed comes before the buyer's earlier one. (Not "heads the list":
  // journeys running beside this one place orders too.)
  await expect(adminOrderCard(page, earlier.paymentId)).toBeVisible();
  const cardTexts = await page.getByRole('article').allInnerTexts();
  const position = (paymentId: string) => cardTexts.findIndex((text) => text.includes(paymentId));
  expect(position(order.paymentId)).toBeGreaterThanOrEqual(0);
  expect(position(order.paymentId)).toBeLessThan(position(earlier.paymentId));
  // Accessibility of the orders screen in both themes (axe: no violations).
  await expectAccessible(page, 'main', ['light', 'dark']);

  await expect(card.getByRole('heading', { name: order.title })).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute(
    'src',
    `/images/AYZProducts/${order.productId}/preview/1.webp`,
  );
  await expect(field(card, 'Product ID')).toHaveText(String(order.productId));
  await expect(field(card, 'Quantity')).toHaveText('1');
  await expect(field(card, 'Amount')).toHaveText(formatDollars(order.price));
  await expect(field(card, 'Email')).toHaveText(buyer.user.email);
  await expect(field(card, 'Payment ID')).toHaveText(order.paymentId);
  await expect(field(card, 'Date')).toHaveText(formatOrderDate(purchase?.created_at ?? ''));
  await expect(field(card, 'Date')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(field(card, 'Order ID')).toHaveText(/^\d+$/);
  await expect(field(card, 'Contact name')).toHaveText(shipTo.contact_name);
  await expect(field(card, 'Phone')).toHaveText(shipTo.phone);
  await expect(field(card, 'Address')).toHaveText(shipTo.address);
  await expect(field(card, 'City')).toHaveText(shipTo.city);
  await expect(field(card, 'State/Province')).toHaveText(shipTo.state_prov);
  await expect(field(card, 'Postal code')).toHaveText(shipTo.postal_code);
  await expect(card.getByText('Payment status: Paid')).toBeVisible();
  // A finished order cannot be deleted.
  await expect(card.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);

  await card.getByLabel('Postal service').fill('Canada Post');
  await card.getByLabel('Tracking number').fill('CP123456789CA');

  // A refused update leaves the card as it was and says so.
  await page.route('**/api/admin-purchases/*/shipped', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Try again later."}' }),
  );
  await card.getByRole('button', { name: 'Not Sent' }).click();
  await expect(card.getByRole('alert')).toHaveText(/^Could not update shipping status/);
  await expect(card.getByRole('button', { name: 'Not Sent' })).toBeVisible();
  await page.unroute('**/api/admin-purchases/*/shipped');

  await card.getByRole('button', { name: 'Not Sent' }).click();
  await expect(card.getByRole('button', { name: 'Sent', exact: true })).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await saveScreenshot(page, 'admin-orders');

  await page.reload();
  const reloaded = adminOrderCard(page, order.paymentId);
  await expect(reloaded.getByRole('button', { name: 'Sent', exact: true })).toBeVisible();
  await expect(reloaded.getByLabel('Postal service')).toHaveValue('Canada Post');
  await expect(reloaded.getByLabel('Tracking number')).toHaveValue('CP123456789CA');

  // The shipping to-do list no longer holds it; the sent list does.
  await page.getByLabel('Show').selectOption({ label: 'To ship (unsent)' });
  await expect(page).toHaveURL(/filter=unsent/);
  await expect(adminOrderCard(page, order.paymentId)).toHaveCount(0);
  await page.getByLabel('Show').selectOption({ label: 'Sent' });
  await expect(adminOrderCard(page, order.paymentId)).toBeVisible();

  // And the buyer sees it shipped, with the tracking number.
  const [after] = await ok<{ shipped: boolean; tracking_number: string }[]>(
    await request.get(`/api/my-purchases/${buyer.user.sub}`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
    }),
  );
  expect(after).toMatchObject({ shipped: true, tracking_number: 'CP123456789CA' });
});

test('deletes an unpaid order only after confirmation', async ({ page, request }) => {
  const buyer = await signInBuyer(request, 'Una Paid');
  const offer = await buyableOffer(request);
  const kept = await placedOrder(request, buyer, offer, false);
  const order = await placedOrder(request, buyer, offer, false);

  await openOrdersSignedIn(page);
  await page.getByLabel('Show').selectOption({ label: 'Unpaid' });
  const card = adminOrderCard(page, order.paymentId);
  await expect(card.getByText('Payment status: Awaiting payment')).toBeVisible();

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await card.getByRole('button', { name: 'Delete Order' }).click();
  await expect.poll(() => questions).toEqual(['Are you sure you want to delete this order?']);
  await expect(card).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: 'Delete Order' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(adminOrderCard(page, kept.paymentId)).toBeVisible();
  await expect(adminOrderCard(page, order.paymentId)).toHaveCount(0);
  const mine = await ok<{ payment_id: string }[]>(
    await request.get(`/api/my-purchases/${buyer.user.sub}`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
    }),
  );
  expect(mine.map((purchase) => purchase.payment_id)).toEqual([kept.paymentId]);
});
