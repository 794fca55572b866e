/**
 * Returns with an RMA number (issue 28): a buyer returns an item of a sent order from My Orders ('Return
 * this item': quantity, reason, note; the RMA shown), the seller approves it with instructions on /orders,
 * marks it received as 'Good' and refunds it with the RMA; the stock of 'Good' goes back up, and both
 * sides see the return's status with its days. The order is placed, paid and marked sent through the API.
 * Each new screen is looked at at 1280, 390 and 320 px (nothing wider than the screen, axe in both
 * themes) and photographed (screenshots/, as every journey's lookAt).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { centsToPrice, priceToCents } from '../shared/rules/money.js';
import type { CatalogPage, OpenboxProduct } from '../shared/schemas/catalog.js';
import { adminToken } from './support/api.js';
import {
  adminOrderCard,
  ok,
  openOrdersSignedIn,
  ownOffers,
  placeOrder,
  signedInBuyer,
} from './support/orders.js';
import { lookAt } from './support/page.js';

/** Units of the product's 'Good' condition in the shop's catalogue now. */
async function goodUnits(request: APIRequestContext, productId: number): Promise<number> {
  const { items } = await ok<CatalogPage>(await request.get('/api/catalog?shop=ayz&pageSize=100'));
  const product = (items as OpenboxProduct[]).find((item) => item.id === productId);
  if (!product) throw new Error(`product ${productId} is not on the first catalogue page`);
  return product.good_condition_available_quantity;
}

test('a buyer returns an item; the seller approves, receives it as Good and refunds it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [offer] = await ownOffers(request, 'Return tripod', 1);
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
  await lookAt(page, '[role="dialog"]', 'returns-buyer-dialog');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Ask to return' }).click();
  const done = page.getByRole('dialog', { name: 'Return requested' });
  const status = done.getByRole('status');
  await expect(status).toContainText(/Your return number is RMA-[A-Z2-7]{8}\. Status: requested\./);
  const rma = /RMA-[A-Z2-7]{8}/.exec((await status.textContent()) ?? '')![0];
  await lookAt(page, '[role="dialog"]', 'returns-buyer-requested');
  await page.setViewportSize({ width: 1280, height: 800 });
  await done.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(line.getByRole('list', { name: 'Returns' })).toContainText(
    `${rma} Return requested · 1 unit · Arrived damaged`,
  );
  await expect(line.getByRole('button', { name: 'Return this item' })).toHaveCount(0);
  await lookAt(page, 'main', 'returns-buyer-my-orders', line);
  await page.setViewportSize({ width: 1280, height: 800 });

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
  await lookAt(seller, 'main', 'returns-seller-approve', card);
  await seller.setViewportSize({ width: 1280, height: 800 });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(returns.getByRole('status')).toHaveText(`${rma} approved.`);
  await expect(returns).toContainText('Return approved');

  // Received as Good: the units go back on sale.
  await returns.getByRole('button', { name: 'Mark received' }).click();
  const receive = returns.getByRole('form', { name: `Mark ${rma} received` });
  await receive.getByLabel('Put the unit back on sale as').selectOption({ label: 'Good' });
  await expect(receive.getByRole('option', { name: 'Cannot be sold again' })).toBeAttached();
  await lookAt(seller, 'main', 'returns-seller-receive', card);
  await seller.setViewportSize({ width: 1280, height: 800 });
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
  await lookAt(seller, 'main', 'returns-seller-card', card);
  await seller.setViewportSize({ width: 1280, height: 800 });

  // The returns list, filtered by status.
  await seller.getByRole('link', { name: 'Returns' }).click();
  await expect(seller.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  await seller.getByLabel('Show').selectOption({ label: 'Refunded' });
  await expect(seller).toHaveURL(/\/orders\/returns\?status=refunded$/);
  const listed = seller.getByRole('article').filter({ hasText: rma });
  await expect(listed).toContainText('Return refunded');
  await expect(listed).toContainText(paymentId);
  await lookAt(seller, 'main', 'returns-seller-list');
  await seller.setViewportSize({ width: 1280, height: 800 });
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
