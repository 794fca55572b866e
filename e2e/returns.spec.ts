/**
 * Returns with an RMA number (issue 28): a buyer returns an item of a sent order from My Orders ('Return
 * this item': quantity, reason, note; the RMA shown), the seller approves it with instructions on /orders,
 * marks it received as 'Good' and refunds it with the RMA; the stock of 'Good' goes back up, and both
 * sides see the return's status with its days. The order is placed, paid and marked sent through the API.
 * Each new screen is looked at at 1280, 390 and 320 px (nothing wider than the screen, axe in both
 * themes) and photographed to /tmp/returns-*.png.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { centsToPrice, priceToCents } from '../shared/rules/money.js';
import type { CatalogPage, OpenboxProduct } from '../shared/schemas/catalog.js';
import { adminToken } from './support/api.js';
import {
  adminOrderCard,
  offersAt,
  ok,
  openOrdersSignedIn,
  placeOrder,
  signedInBuyer,
} from './support/orders.js';
import { expectAccessible, LOOK_WIDTHS, setTheme } from './support/page.js';

/** Units of the product's 'Good' condition in the shop's catalogue now. */
async function goodUnits(request: APIRequestContext, productId: number): Promise<number> {
  const { items } = await ok<CatalogPage>(await request.get('/api/catalog?shop=ayz&pageSize=100'));
  const product = (items as OpenboxProduct[]).find((item) => item.id === productId);
  if (!product) throw new Error(`product ${productId} is not on the first catalogue page`);
  return product.good_condition_available_quantity;
}

/** At each width: nothing wider than the screen, axe in both themes, and a picture at 390 and 1280 px. */
async function look(page: Page, scope: string, name: string, shot?: Locator): Promise<void> {
  for (const width of LOOK_WIDTHS) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 760 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await expectAccessible(page, scope, ['light', 'dark']);
    await setTheme(page, 'light');
    if (width === 320) continue;
    const path = `/tmp/returns-${name}-${width}.png`;
    if (shot) await shot.screenshot({ path });
    else await page.screenshot({ path, fullPage: !scope.includes('dialog') });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a buyer returns an item; the seller approves, receives it as Good and refunds it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [offer] = await offersAt(request, 0.78, 1);
  const buyer = await signedInBuyer(page, request, 'Rhea Return');
  const paymentId = await placeOrder(request, buyer, offer!, { pay: true });
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  await ok(
    await request.patch(`/api/admin-purchases/${paymentId}/shipped`, {
      headers: admin,
      data: { shipped: true, postal_service: 'Canada Post', tracking_number: 'RR123456789CA' },
    }),
  );
  const goodBefore = await goodUnits(request, offer!.productId);

  // The buyer asks to return it from My Orders.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'My Orders' }).click();
  const line = page
    .getByRole('tabpanel', { name: 'My Orders' })
    .getByRole('listitem')
    .filter({ hasText: paymentId });
  await line.getByRole('button', { name: 'Return this item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return this item' });
  await expect(dialog.getByLabel('Quantity (up to 1)')).toHaveValue('1');
  await expect(dialog.getByText('Photos: send them to the seller in this order’s chat.')).toBeVisible();
  await dialog.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
  await dialog.getByLabel('Note (optional)').fill('The lid is cracked.');
  await look(page, '[role="dialog"]', 'buyer-dialog');
  await dialog.getByRole('button', { name: 'Ask to return' }).click();
  const done = page.getByRole('dialog', { name: 'Return requested' });
  const status = done.getByRole('status');
  await expect(status).toContainText(/Your return number is RMA-[A-Z2-7]{8}\. Status: requested\./);
  const rma = /RMA-[A-Z2-7]{8}/.exec((await status.textContent()) ?? '')![0];
  await look(page, '[role="dialog"]', 'buyer-requested');
  await done.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(line.getByRole('list', { name: 'Returns' })).toContainText(
    `${rma} Return requested · 1 unit · Arrived damaged`,
  );
  await expect(line.getByRole('button', { name: 'Return this item' })).toHaveCount(0);
  await look(page, 'main', 'buyer-my-orders', line);

  // The seller approves it with instructions on the order's card.
  const seller = await browser.newPage();
  await openOrdersSignedIn(seller);
  const card = adminOrderCard(seller, paymentId);
  const returns = card.getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText(rma);
  await expect(returns).toContainText('Return requested');
  await returns.getByRole('button', { name: 'Approve' }).click();
  const approve = returns.getByRole('form', { name: `Approve ${rma}` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve.getByRole('alert')).toHaveText('Instructions for sending it back must not be empty.');
  await approve.getByLabel('Instructions for sending it back').fill('Post it to 1 Dock Street, Toronto.');
  await look(seller, 'main', 'seller-approve', card);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(returns.getByRole('status')).toHaveText(`${rma} approved.`);
  await expect(returns).toContainText('Return approved');

  // Received as Good: the units go back on sale.
  await returns.getByRole('button', { name: 'Mark received' }).click();
  const receive = returns.getByRole('form', { name: `Mark ${rma} received` });
  await receive.getByLabel('Put the unit back on sale as').selectOption({ label: 'Good' });
  await expect(receive.getByRole('option', { name: 'Cannot be sold again' })).toBeAttached();
  await look(seller, 'main', 'seller-receive', card);
  await receive.getByRole('button', { name: 'Mark received' }).click();
  await expect(returns.getByRole('status')).toHaveText(`${rma} marked received.`);
  await expect(returns).toContainText('Yes, as Good');
  await expect.poll(() => goodUnits(request, offer!.productId)).toBe(goodBefore + 1);

  // The refund with the RMA completes it.
  await returns.getByRole('button', { name: `Refund ${rma}` }).click();
  const refund = returns.getByRole('form', { name: `Refund ${rma}` });
  await expect(refund.getByLabel('Amount (USD)')).toHaveValue(centsToPrice(priceToCents(offer!.price)!));
  await expect(refund.getByLabel('Put the units back on sale')).toHaveCount(0);
  await refund.getByRole('button', { name: 'Review refund' }).click();
  await card.getByRole('button', { name: 'Yes, record the refund' }).click();
  await expect(returns).toContainText('Return refunded');
  await expect(returns.getByRole('button', { name: /Refund RMA-/ })).toHaveCount(0);
  expect(await goodUnits(request, offer!.productId)).toBe(goodBefore + 1);
  await look(seller, 'main', 'seller-card', card);

  // The returns list, filtered by status.
  await seller.getByRole('link', { name: 'Returns' }).click();
  await expect(seller.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  await seller.getByLabel('Show').selectOption({ label: 'Refunded' });
  await expect(seller).toHaveURL(/\/orders\/returns\?status=refunded$/);
  const listed = seller.getByRole('article').filter({ hasText: rma });
  await expect(listed).toContainText('Return refunded');
  await expect(listed).toContainText(paymentId);
  await look(seller, 'main', 'seller-list');
  await seller.close();

  // The buyer sees it refunded, with its days.
  await page.reload();
  await page.getByRole('tab', { name: 'My Orders' }).click();
  await expect(line.getByRole('list', { name: 'Returns' })).toContainText('Return refunded');
  await expect(line.getByRole('list', { name: 'Returns' })).toContainText(
    /Requested \d{4}-\d\d-\d\d · Approved .* · Received .* · Refunded /,
  );
  await expect(line).toContainText('Back on sale as Good');
});
