/**
 * The seller records a partial refund (issue 18): on a paid order's card, "Record a refund" starts at
 * what is left, takes a part and a transaction id ("Put the units back on sale" only for all that is
 * left: a part refund's order may still ship), asks to confirm, and the card then lists the refund; the
 * buyer's My Orders shows 'Partly refunded' with the amount. The
 * order is placed and paid through the real API (demo sign-in, purchase, sandbox payment).
 */
import { expect, test } from '@playwright/test';
import { centsToPrice, formatDollars, priceToCents } from '../shared/rules/money.js';
import { adminOrderCard, offersAt, openOrdersSignedIn, placeOrder, signedInBuyer } from './support/orders.js';
import { lookAt } from './support/page.js';

test('the seller records a partial refund and the buyer sees it partly refunded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [offer] = await offersAt(request, 0.62, 1);
  const buyer = await signedInBuyer(page, request, 'Rita Refund');
  const paymentId = await placeOrder(request, buyer, offer!, {
    pay: true,
    shipping: { contact_name: 'Rita Refund' },
  });
  const price = priceToCents(offer!.price)!;
  const part = centsToPrice(Math.floor(price / 2));

  const seller = await browser.newPage();
  await openOrdersSignedIn(seller);
  const card = adminOrderCard(seller, paymentId);
  await expect(
    card.getByText(`Paid ${formatDollars(offer!.price)} of ${formatDollars(offer!.price)}`),
  ).toBeVisible();

  // The form starts at what is left; a wrong amount is named before anything is sent.
  await card.getByRole('button', { name: 'Record a refund' }).click();
  const form = card.getByRole('form', { name: 'Record a refund' });
  const amount = form.getByLabel('Amount (USD)');
  await expect(amount).toHaveValue(centsToPrice(price));
  await expect(amount).toBeFocused();
  await amount.fill('12,50');
  await form.getByRole('button', { name: 'Review refund' }).click();
  await expect(form.getByRole('alert')).toHaveText('Amount must be an amount in dollars such as 12.50.');
  // Units go back on sale only with a refund of all that is left.
  const restock = form.getByLabel('Put the units back on sale');
  await amount.fill(centsToPrice(price));
  await expect(restock).toBeEnabled();
  await restock.check();
  await amount.fill(part);
  await expect(restock).toBeDisabled();
  await expect(restock).not.toBeChecked();
  await expect(form.getByText('after a part refund, restock in the product editor')).toBeVisible();
  await form.getByLabel('Note or transaction ID').fill('TX 0xfeed');
  await lookAt(seller, 'main', 'admin-refund-form', card);
  await seller.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Review refund' }).click();

  // The confirm step says what will happen; Back keeps what was typed.
  const question = card.getByText(`Record a refund of ${formatDollars(part)} on this order?`);
  await expect(question).toBeFocused();
  await expect(question).toContainText('The units stay sold.');
  // The pointer rests on the answer (it stands where 'Review refund' was pressed): its hover state is
  // what axe meets, so it is set here on purpose rather than left to the timing of the click.
  await card.getByRole('button', { name: 'Yes, record the refund' }).hover();
  await lookAt(seller, 'main', 'admin-refund-confirm', card);
  await seller.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByLabel('Amount (USD)')).toHaveValue(part);
  await form.getByRole('button', { name: 'Review refund' }).click();
  await card.getByRole('button', { name: 'Yes, record the refund' }).click();

  // The list refreshes: the card lists the refund and can refund the rest.
  await expect(card.getByRole('status')).toHaveText(`Refund of ${formatDollars(part)} recorded.`);
  await expect(card).toContainText(`${formatDollars(part)} on `);
  await expect(card).toContainText(' · TX 0xfeed');
  await expect(card).not.toContainText('units back on sale');
  await expect(card.getByText('Partly refunded', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Record a refund' }).click();
  await expect(card.getByLabel('Amount (USD)')).toHaveValue(centsToPrice(price - Math.floor(price / 2)));
  await expect(card.getByLabel('Put the units back on sale')).toBeEnabled();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await lookAt(seller, 'main', 'admin-refunded-card', card);
  await seller.close();

  // The buyer sees it.
  await page.goto('/account');
  await page.getByRole('tab', { name: 'My Orders' }).click();
  const order = page
    .getByRole('tabpanel', { name: 'My Orders' })
    .getByRole('listitem')
    .filter({ hasText: paymentId });
  await expect(order.getByText('Partly refunded', { exact: true })).toBeVisible();
  await expect(order.locator('div:has(> dt:text-is("Refunded")) > dd')).toHaveText(formatDollars(part));
  await expect(order.getByText('Payment status: Paid')).toBeAttached();
  await lookAt(page, 'main', 'my-orders-refunded', order);
});
