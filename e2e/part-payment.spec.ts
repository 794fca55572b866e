/**
 * A partly paid order (issue 18): the buyer checks out one cart line and, on the sandbox page, pays only
 * part of it; My Orders then shows "Paid X of Y", what is left and until when, with Pay Now to the same
 * invoice; the seller finds it under 'Needs attention' with the amounts. Pay Now then opens the same
 * invoice, where more than is left is refused with a sentence and the rest pays the order.
 */
import { expect, test } from '@playwright/test';
import { centsToPrice, formatDollars, priceToCents } from '../shared/rules/money.js';
import { CONDITION_INFO } from '../shared/shops.js';
import {
  addToCart,
  adminOrderCard,
  fillShipping,
  offersAt,
  openOrdersSignedIn,
  signedInBuyer,
} from './support/orders.js';
import { lookAt } from './support/page.js';

test('a partly paid order shows what is left to pay, and the seller sees it needs attention', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [offer] = await offersAt(request, 0.7, 1);
  const buyer = await signedInBuyer(page, request, 'Pat Partial');
  await addToCart(request, buyer, offer!);
  const price = priceToCents(offer!.price)!;
  const part = Math.floor(price * 0.4);
  const dollars = (cents: number) => formatDollars(centsToPrice(cents));
  const [paid, left, whole] = [dollars(part), dollars(price - part), dollars(price)];

  await page.goto('/account');
  await page
    .getByRole('button', {
      name: `Buy ${offer!.title}, ${CONDITION_INFO[offer!.condition].label}`,
      exact: true,
    })
    .click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await fillShipping(checkout);
  const opened = page.context().waitForEvent('page');
  await checkout.getByRole('button', { name: 'Pay with crypto' }).click();
  const payment = await opened;
  await payment.waitForURL(/\/pay\/ord_/);
  const paymentPath = new URL(payment.url()).pathname;

  // The sandbox pays only part: the page stays and tells what arrived and what is left.
  await payment.setViewportSize({ width: 1280, height: 800 });
  await payment.getByText('Pay only part (to try a partial payment)').click();
  await payment.getByLabel('Amount to pay (USD)').fill(centsToPrice(part));
  await payment.getByRole('button', { name: 'Pay part' }).click();
  await expect(payment.getByText(`Paid so far: ${paid} · Left to pay: ${left}`)).toBeVisible();
  await expect(payment.getByText('Partially paid')).toBeVisible();
  await expect(payment).toHaveURL(paymentPath);
  await lookAt(payment, 'main', 'sandbox-pay-part');
  await payment.close();

  // My Orders: paid X of Y, what is left until when, and Pay Now to the same invoice.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('tab', { name: 'My Orders' }).click();
  const order = page
    .getByRole('tabpanel', { name: 'My Orders' })
    .getByRole('listitem')
    .filter({ hasText: offer!.title });
  await expect(order).toContainText(`Paid ${paid} of ${whole}`);
  await expect(order).toContainText(
    new RegExp(`${left.replace('$', '\\$')} left to pay by \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}`),
  );
  await expect(order.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', paymentPath);
  await lookAt(page, 'main', 'my-orders-part-paid', order);

  // The seller's 'Needs attention' list holds it, with the amounts.
  const seller = await browser.newPage();
  await openOrdersSignedIn(seller);
  await seller.getByLabel('Show').selectOption({ label: 'Needs attention' });
  await expect(seller).toHaveURL(/filter=attention/);
  const card = adminOrderCard(seller, paymentPath.split('/').pop()!);
  await expect(card.getByRole('note')).toContainText(
    `Partly paid: paid ${paid} of ${whole}, ${left} still to come.`,
  );
  await lookAt(seller, 'main', 'admin-orders-attention', card);
  await seller.setViewportSize({ width: 1280, height: 800 });

  // Pay Now opens the same invoice; $5 more than is left is refused, the rest pays the order.
  const again = page.context().waitForEvent('page');
  await order.getByRole('link', { name: 'Pay Now' }).click();
  const rest = await again;
  await expect(rest).toHaveURL(paymentPath);
  await expect(rest.getByText(`Paid so far: ${paid} · Left to pay: ${left}`)).toBeVisible();
  await rest.getByText('Pay only part (to try a partial payment)').click();
  await rest.getByLabel('Amount to pay (USD)').fill(centsToPrice(price - part + 500));
  await rest.getByRole('button', { name: 'Pay part' }).click();
  await expect(rest.getByRole('alert')).toHaveText(
    `Invalid field "amount": only ${left} is left to pay on this order.`,
  );
  await rest.getByLabel('Amount to pay (USD)').fill(centsToPrice(price - part));
  await rest.getByRole('button', { name: 'Pay part' }).click();
  await expect(rest).toHaveURL('/success');
  await rest.close();
  await page.reload();
  await expect(order.getByText('Payment status: Paid')).toBeAttached();
  await expect(order.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);

  await seller.close();
});
