/**
 * Money that arrived is never lost from the record (issue 28). Two orders are partly paid on the sandbox
 * page and expire (their hold runs out). The buyer sees what arrived and that the seller
 * will settle it, with no Delete; the seller settles one by a refund of what arrived and accepts the
 * other as paid (its units held again), and the Money screen shows each movement with its totals and
 * exports them as CSV.
 */
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { centsToPrice, formatDollars, priceToCents } from '../shared/rules/money.js';
import {
  adminOrderCard,
  ok,
  openOrdersSignedIn,
  ownOffers,
  placeOrder,
  signedInBuyer,
} from './support/orders.js';
import { lookAt } from './support/page.js';
import { expireAsIfLater } from './support/expire.js';

test('expired partly paid orders are settled by a refund and by an accept, and the Money screen shows it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [refundOffer, acceptOffer] = await ownOffers(request, 'Settle lens', 2);
  const buyer = await signedInBuyer(page, request, 'Sam Settle');
  const headers = { Authorization: `Bearer ${buyer.token}` };
  const partOf = (price: string) => centsToPrice(Math.floor(priceToCents(price)! * 0.4));
  const orders = [];
  for (const offer of [refundOffer!, acceptOffer!]) {
    const paymentId = await placeOrder(request, buyer, offer);
    const part = partOf(offer.price);
    await ok(
      await request.post(`/api/payments/sandbox/${paymentId}/pay`, { headers, data: { amount: part } }),
    );
    orders.push({ paymentId, part, offer });
  }
  const [toRefund, toAccept] = orders as [(typeof orders)[0], (typeof orders)[0]];
  await expireAsIfLater([toRefund.paymentId, toAccept.paymentId]);

  // The buyer: what arrived, who settles it, and no Delete Order on a record with money.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'My Orders' }).click();
  const mine = page
    .getByRole('tabpanel', { name: 'My Orders' })
    .getByRole('listitem')
    .filter({ hasText: refundOffer!.title });
  await expect(mine).toContainText(
    `Paid ${formatDollars(toRefund.part)} of ${formatDollars(refundOffer!.price)} — the seller will settle this with you`,
  );
  await expect(mine.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await lookAt(page, 'main', 'my-orders-expired-with-money', mine);

  // The seller refunds what arrived on the first.
  const seller = await browser.newPage();
  await openOrdersSignedIn(seller, '?filter=attention');
  const refundCard = adminOrderCard(seller, toRefund.paymentId);
  await expect(refundCard.getByRole('note')).toContainText(
    `Ended with money received: paid ${formatDollars(toRefund.part)} of ${formatDollars(refundOffer!.price)}.`,
  );
  await expect(refundCard.getByRole('button', { name: 'Delete Order' })).toHaveCount(0);
  await lookAt(seller, 'main', 'admin-order-ended-with-money', refundCard);
  await seller.setViewportSize({ width: 1280, height: 800 });
  await refundCard.getByRole('button', { name: 'Record a refund' }).click();
  const form = refundCard.getByRole('form', { name: 'Record a refund' });
  await expect(form.getByLabel('Amount (USD)')).toHaveValue(toRefund.part);
  await form.getByLabel('Note or transaction ID').fill('TX 0xback');
  await form.getByRole('button', { name: 'Review refund' }).click();
  await refundCard.getByRole('button', { name: 'Yes, record the refund' }).click();
  // Settled: it leaves 'Needs attention'.
  await expect(refundCard).toHaveCount(0);

  // And accepts the second as paid: its units are held for it again.
  const stockBefore = acceptOffer!.available;
  const acceptCard = adminOrderCard(seller, toAccept.paymentId);
  await acceptCard.getByRole('button', { name: 'Accept as paid' }).click();
  await expect(acceptCard.getByText(/^Accept what arrived/)).toBeFocused();
  await lookAt(seller, 'main', 'admin-accept-confirm', acceptCard);
  await seller.setViewportSize({ width: 1280, height: 800 });
  await acceptCard.getByRole('button', { name: 'Yes, accept it as paid' }).click();
  await expect(acceptCard).toHaveCount(0);
  await seller.goto('/orders');
  const accepted = adminOrderCard(seller, toAccept.paymentId);
  await expect(accepted.getByRole('note').filter({ hasText: /^Settled on / })).toBeVisible();
  await expect(
    accepted.getByRole('note').filter({ hasText: /^Accepted \$[\d.]+ short: paid / }),
  ).toBeVisible();
  await expect(adminOrderCard(seller, toRefund.paymentId).getByRole('note')).toHaveText(/^Settled on /);
  await expect(adminOrderCard(seller, toRefund.paymentId)).toContainText('Refunded');
  const product = await ok<Record<string, number>>(
    await request.get(`/api/products/${acceptOffer!.productId}?shop=ayz`),
  );
  expect(product[`${acceptOffer!.condition}_condition_available_quantity`]).toBe(stockBefore - 1);
  await page.reload();
  await page.getByRole('tab', { name: 'My Orders' }).click();
  await expect(
    page
      .getByRole('tabpanel', { name: 'My Orders' })
      .getByRole('listitem')
      .filter({ hasText: acceptOffer!.title }),
  ).toContainText('Payment status: Paid');

  // The Money screen: both payments received, the refund out, the net; the same rows as CSV.
  await seller.goto('/ayzadmin/money');
  await expect(seller.getByRole('heading', { name: 'Money', level: 1 })).toBeVisible();
  const movements = seller.getByRole('region', { name: 'Every movement, scrollable' });
  const rowsOf = (paymentId: string) => movements.getByRole('row').filter({ hasText: paymentId });
  await expect(rowsOf(toRefund.paymentId)).toHaveCount(2);
  await expect(rowsOf(toRefund.paymentId).filter({ hasText: 'Refunded' })).toContainText('TX 0xback');
  await expect(rowsOf(toAccept.paymentId).filter({ hasText: 'Shortfall accepted' })).toContainText(
    /admin [0-9a-f]{8}/,
  );
  await lookAt(seller, 'main', 'admin-money');
  await seller.setViewportSize({ width: 1280, height: 800 });
  const download = seller.waitForEvent('download');
  await seller.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await fs.readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('at,order,buyer_email,provider,kind,amount,currency,reference,actor');
  expect(csv).toContain(
    `${toRefund.paymentId},${buyer.user.email},sandbox,refunded,${toRefund.part},USD,TX 0xback`,
  );
  await seller.close();
});
