/**
 * A buyer in the Open Box Store: signs in (demo), fills the cart from the product modal, edits a
 * quantity, pays one line on the sandbox payment page, cancels another and deletes it, and sees the
 * seller's shipping. Products come from the catalogue API; accessibility is checked with axe.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatDollars } from '../shared/rules/money.js';
import type { CatalogPage, OpenboxProduct } from '../shared/schemas/catalog.js';
import { CONDITION_INFO, CONDITIONS, type Condition } from '../shared/shops.js';
import { adminToken } from './support/api.js';
import { collectDialogs, expectAccessible } from './support/page.js';
import { saveScreenshot } from './support/screens.js';

interface Pick {
  product: OpenboxProduct;
  conditions: [Condition, Condition];
}

const quantityOf = (product: OpenboxProduct, condition: Condition) =>
  product[`${condition}_condition_available_quantity`];
const priceOf = (product: OpenboxProduct, condition: Condition) => product[`${condition}_condition_price`];

/**
 * An open-box product with two priced conditions of at least 3 units each. Taken from the end of the
 * list, and with stock in every condition it sells, so it is not the product other journeys look at.
 */
async function productWithTwoConditions(request: APIRequestContext): Promise<Pick> {
  const response = await request.get('/api/catalog?shop=ayz&pageSize=100');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as CatalogPage;
  const candidates = (items as OpenboxProduct[]).filter((item) => item.kind === 'openbox').reverse();
  for (const product of candidates) {
    const usable = CONDITIONS.filter(
      (condition) => Number(priceOf(product, condition)) > 0 && quantityOf(product, condition) >= 3,
    );
    if (usable.length >= 2 && quantityOf(product, 'acceptable') > 0) {
      return { product, conditions: [usable[0]!, usable[1]!] };
    }
  }
  throw new Error('no open-box product with two conditions in stock');
}

/** "🟡 Good": with its emoji, so Good never matches Very Good. */
const conditionText = (condition: Condition) =>
  `${CONDITION_INFO[condition].emoji} ${CONDITION_INFO[condition].label}`;

function cartLine(scope: Locator, title: string, condition: Condition): Locator {
  return scope
    .getByRole('listitem')
    .filter({ hasText: title })
    .filter({ hasText: conditionText(condition) });
}

function orderCard(page: Page, condition: Condition): Locator {
  return page
    .getByRole('tabpanel', { name: 'My Orders' })
    .getByRole('listitem')
    .filter({ hasText: conditionText(condition) });
}

/** Fills the checkout's shipping form, checks the e-mail it suggests, and returns the payment tab. */
async function checkOut(page: Page, title: string, condition: Condition, email: string): Promise<Page> {
  const cart = page.getByRole('tabpanel', { name: 'Cart' });
  await cart
    .getByRole('button', { name: `Buy ${title}, ${CONDITION_INFO[condition].label}`, exact: true })
    .click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.getByLabel('E-mail')).toHaveValue(email);
  await checkout.getByLabel('Contact name').fill('Zoë Buyer');
  await checkout.getByLabel('Address').fill('42 Harbour Street');
  await checkout.getByLabel('City').fill('Toronto');
  await checkout.getByLabel('State / Province').fill('ON');
  await checkout.getByLabel('Postal code').fill('M5J 2N8');
  await checkout.getByLabel('Phone number').fill('+1 416 555 0142');
  const opened = page.context().waitForEvent('page');
  await checkout.getByRole('button', { name: 'Pay with crypto' }).click();
  const payment = await opened;
  await payment.waitForURL(/\/pay\/ord_/);
  await expect(checkout).toBeHidden();
  return payment;
}

test('a buyer fills the cart, pays one line, cancels and deletes another, and sees it sent', async ({
  page,
  request,
}) => {
  // Many steps, two axe scans and a second context: slow on a loaded 2-core machine.
  test.setTimeout(180_000);
  const { product, conditions } = await productWithTwoConditions(request);
  const [first, second] = conditions;
  const email = `buyer-${Date.now()}@example.com`;
  const dialogs = collectDialogs(page);

  // Sign in from the header (demo mode: no Google client on this server).
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Name').fill('Zoë Buyer');
  await signIn.getByLabel('E-mail').fill(email);
  // Exactly: the demo form also offers 'Sign in as the seller' (SELLER_USER_ID is set for the chat journey).
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(page.getByRole('button', { name: 'Zoë Buyer' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^ey/);

  // Two conditions of one product into the cart; each option shows emoji, label, price and quantity.
  await page.goto(`/?product=${product.id}`);
  const modal = page.getByRole('dialog', { name: product.title });
  const select = modal.getByRole('combobox', { name: 'Condition' });
  for (const condition of conditions) {
    const info = CONDITION_INFO[condition];
    await expect(select.locator('option', { hasText: conditionText(condition) })).toHaveText(
      `${info.emoji} ${info.label} · ${formatDollars(priceOf(product, condition))} · ${quantityOf(product, condition)} in stock`,
    );
    await select.selectOption(condition);
    await modal.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(modal.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  // The cart modal: a quantity edit (below 1 ignored, a refused one alerts), total, My Account.
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const cartModal = page.getByRole('dialog', { name: 'Cart' });
  const firstLine = cartLine(cartModal, product.title, first);
  await expect(cartModal.getByRole('listitem')).toHaveCount(2);
  await expect(firstLine.locator('img')).toHaveAttribute(
    'src',
    new RegExp(`^/images/AYZProducts/${product.id}/preview/1\\.webp\\?v=`),
  );
  await expect(firstLine).toContainText(`${formatDollars(priceOf(product, first))} x 1`);
  const quantity = firstLine.getByRole('spinbutton', { name: /^Quantity of / });
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await page.route('**/api/cart/quantity', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Try again later."}' }),
  );
  await quantity.fill('3');
  await expect.poll(() => dialogs).toContain('Could not update quantity');
  await expect(quantity).toHaveValue('1');
  await page.unroute('**/api/cart/quantity');
  await quantity.fill('2');
  await expect(firstLine).toContainText(`${formatDollars(priceOf(product, first))} x 2`);
  const total = 2 * Number(priceOf(product, first)) + Number(priceOf(product, second));
  await expect(cartModal.getByText('Total cost:')).toContainText(formatDollars(total.toFixed(2)));
  await expect(page.getByRole('button', { name: 'Cart, 3 items' })).toBeAttached();
  await expectAccessible(page, '[role="dialog"]');
  await saveScreenshot(page, 'buying-cart-modal');
  await cartModal.getByRole('button', { name: 'My Account' }).click();

  // /account opens on the Cart tab (the default); buy the first line through the sandbox page.
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Cart/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Go to Admin Panel' })).toHaveCount(0);
  await expectAccessible(page, 'main');
  await page
    .getByRole('button', { name: `Buy ${product.title}, ${CONDITION_INFO[first].label}`, exact: true })
    .click();
  await expectAccessible(page, '[role="dialog"]');
  await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Close' }).click();
  const paid = await checkOut(page, product.title, first, email);
  await expect(page.getByRole('tabpanel', { name: 'Cart' }).getByRole('listitem')).toHaveCount(1);

  await expect(paid.getByText('Sandbox')).toBeVisible();
  await expect(paid.getByRole('heading', { name: product.title })).toBeVisible();
  await expect(paid.getByText(formatDollars((2 * Number(priceOf(product, first))).toFixed(2)))).toBeVisible();
  await expectAccessible(paid, 'main');
  await saveScreenshot(paid, 'buying-sandbox-pay');
  await paid.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(paid).toHaveURL('/success');
  await expect(paid.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
  await paid.close();

  await page.getByRole('tab', { name: 'My Orders' }).click();
  const paidOrder = orderCard(page, first);
  await expect(paidOrder).toContainText('Paid');
  await expect(paidOrder).toContainText('Not Sent');
  await expect(paidOrder.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await expect(paidOrder.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('account_tab'))).toBe('orders');

  // The other line: Cancel on the payment page leaves an unpaid order, which the buyer deletes.
  await page.getByRole('tab', { name: /Cart/ }).click();
  const cancelled = await checkOut(page, product.title, second, email);
  await cancelled.getByRole('button', { name: 'Cancel' }).click();
  await expect(cancelled).toHaveURL('/cancel');
  await expect(cancelled.getByRole('heading', { name: 'Payment canceled' })).toBeVisible();
  await cancelled.close();
  await expect(page.getByRole('tabpanel', { name: 'Cart' })).toContainText('Your cart is empty.');

  await page.getByRole('tab', { name: 'My Orders' }).click();
  const unpaid = orderCard(page, second);
  await expect(unpaid).toContainText('Awaiting payment');
  await expect(unpaid.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', /^\/pay\/ord_/);
  await expect(unpaid).toContainText(new Date().getFullYear().toString());
  await expect(page.getByRole('tabpanel', { name: 'My Orders' }).getByRole('listitem').first()).toContainText(
    conditionText(second),
  );
  await expectAccessible(page, 'main');
  await saveScreenshot(page, 'buying-my-orders');
  await unpaid.getByRole('button', { name: 'Delete Order' }).click();
  await expect.poll(() => dialogs).toContain('Are you sure you want to delete this order?');
  await expect(unpaid).toHaveCount(0);
  await expect(orderCard(page, first)).toBeVisible();

  // The seller ships the paid order; the buyer sees Sent with the tracking number.
  const token = await adminToken(request);
  const orders = await request.get('/api/admin-purchases?filter=paid&pageSize=200', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const paidId = ((await orders.json()) as { payment_id: string; email: string }[]).find(
    (order) => order.email === email,
  )!.payment_id;
  const shipped = await request.patch(`/api/admin-purchases/${paidId}/shipped`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { shipped: true, postal_service: 'Canada Post', tracking_number: 'CP123456789CA' },
  });
  expect(shipped.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'My Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(orderCard(page, first)).toContainText('Sent');
  await expect(orderCard(page, first)).not.toContainText('Not Sent');
  await expect(orderCard(page, first)).toContainText('Canada Post · CP123456789CA');
});

test('a session the server refuses signs the buyer out, and /account then shows the sign-in', async ({
  page,
}) => {
  const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const forged = `${segment({ alg: 'HS256' })}.${segment({
    sub: 'forged-user',
    name: 'Mallory',
    email: 'mallory@example.com',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.bm90LXNpZ25lZA`;
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('auth_token', value);
      sessionStorage.setItem('seeded', '1');
    }
  }, forged);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expectAccessible(page, 'main');
});
