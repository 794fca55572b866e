/**
 * One payment for a whole cart (issue 18): a buyer with three cart lines pays them with "Checkout all"
 * on the sandbox page, sees them in My Orders as lines paid together; the seller sees the group on
 * /orders and sends it with USPS; the buyer's "sent" e-mail (an .eml file, as the server writes without
 * SMTP_URL) links to USPS's tracking page, and so does My Orders. Each new screen is looked at: axe in
 * both themes and screenshots at 1280, 390 and 320 px.
 */
import { expect, test } from '@playwright/test';
import { centsToPrice, formatDollars, priceToCents } from '../shared/rules/money.js';
import { trackingUrl } from '../shared/rules/tracking.js';
import { CONDITION_INFO } from '../shared/shops.js';
import { linksOf, newestMail } from './support/mail.js';
import {
  addToCart,
  adminOrderCard,
  buyAllUnits,
  conditionText,
  fillShipping,
  myPurchases,
  offersAt,
  openOrdersSignedIn,
  signedInBuyer,
} from './support/orders.js';
import { lookAt } from './support/page.js';

const TRACKING = '9400111899223344556677';

test('a buyer pays the whole cart once; the seller sends it with USPS; the e-mail links the tracking', async ({
  page,
  browser,
  request,
}) => {
  // Three screens looked at three times in two themes, and a second browser for the seller.
  test.setTimeout(300_000);
  // Three lines to pay, and a fourth that another buyer takes while the checkout is open.
  const [gone, ...offers] = await offersAt(request, 0.3, 4);
  const total = formatDollars(
    centsToPrice(offers.reduce((sum, offer) => sum + priceToCents(offer.price)!, 0)),
  );
  const buyer = await signedInBuyer(page, request, 'Carla Cart');
  for (const offer of [gone!, ...offers]) await addToCart(request, buyer, offer);

  // The Cart tab offers Checkout all beside each line's Buy.
  await page.goto('/account');
  const cart = page.getByRole('tabpanel', { name: 'Cart' });
  await expect(cart.getByRole('listitem')).toHaveCount(4);
  await cart.getByRole('button', { name: 'Checkout all' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout all' });
  await expect(checkout.getByRole('listitem')).toHaveCount(4);

  // A line sold out meanwhile: the form names it and nothing is bought; the other lines can still go.
  await fillShipping(checkout);
  await buyAllUnits(request, gone!);
  await checkout.getByRole('button', { name: 'Pay with crypto' }).click();
  await expect(checkout.getByRole('alert')).toHaveText(
    `"${gone!.title}" (${CONDITION_INFO[gone!.condition].label}) is out of stock.`,
  );
  await expect(checkout.getByRole('listitem')).toHaveCount(3);
  await expect(checkout).toContainText(
    '1 other line stays in your cart (short of stock, or past the 20 lines one payment takes).',
  );
  await expect.poll(() => page.context().pages().length, { message: 'the blank payment tab closed' }).toBe(1);
  for (const offer of offers) {
    await expect(checkout.getByRole('listitem').filter({ hasText: offer.title })).toContainText(
      conditionText(offer.condition),
    );
  }
  await expect(checkout).toContainText(`Total: ${total}`);
  await expect(checkout.getByLabel('E-mail')).toHaveValue(buyer.user.email);
  await lookAt(page, '[role="dialog"]', 'checkout-all');
  await page.setViewportSize({ width: 1280, height: 800 });

  // One shipping form, one payment tab for the group.
  const opened = page.context().waitForEvent('page');
  await checkout.getByRole('button', { name: 'Pay with crypto' }).click();
  const payment = await opened;
  await payment.waitForURL(/\/pay\/grp_/);
  await expect(checkout).toBeHidden();
  await expect(cart.getByRole('listitem')).toHaveCount(1);
  await expect(cart.getByRole('listitem')).toContainText(gone!.title);

  // The sandbox page lists the group's lines and its total, and pays them at once.
  await payment.setViewportSize({ width: 1280, height: 800 });
  for (const offer of offers) await expect(payment.getByText(offer.title)).toBeVisible();
  await expect(payment.getByText(total, { exact: true })).toBeVisible();
  await lookAt(payment, 'main', 'sandbox-pay-group');
  await payment.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(payment).toHaveURL('/success');
  await payment.close();

  // My Orders: three orders of their own, framed as paid together with the group's total.
  await page.getByRole('tab', { name: 'My Orders' }).click();
  const group = page.getByRole('group', { name: 'Paid together: 3 items' });
  await expect(group.getByRole('listitem')).toHaveCount(3);
  await expect(group).toContainText(`Total ${total}`);
  for (const offer of offers) {
    const line = group.getByRole('listitem').filter({ hasText: offer.title });
    await expect(line.getByText('Payment status: Paid')).toBeAttached();
    await expect(line).toContainText('Not Sent');
  }
  await lookAt(page, 'main', 'my-orders-group', group);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The seller sees the group on each line's card and sends every line in one parcel with USPS.
  const lines = await myPurchases(request, buyer);
  const groupId = lines[0]!.group_id!;
  expect(groupId).toMatch(/^grp_/);
  const seller = await browser.newPage();
  await openOrdersSignedIn(seller);
  const first = adminOrderCard(seller, lines[0]!.payment_id);
  await expect(first).toContainText(groupId);
  for (const other of lines.slice(1)) await expect(first).toContainText(other.title);
  await lookAt(seller, 'main', 'admin-orders-group', first);
  await seller.setViewportSize({ width: 1280, height: 800 });
  for (const line of lines) {
    const card = adminOrderCard(seller, line.payment_id);
    await card.getByLabel('Postal service').fill('USPS');
    await card.getByLabel('Tracking number').fill(TRACKING);
    await card.getByRole('button', { name: 'Not Sent' }).click();
    await expect(card.getByRole('button', { name: 'Sent', exact: true })).toBeVisible();
  }
  await seller.close();

  // The buyer's e-mail carries the carrier's tracking link; My Orders links the number too.
  const link = trackingUrl('USPS', TRACKING)!;
  await expect
    .poll(
      async () =>
        (await newestMail(buyer.user.email, (mail) => (mail.text ?? '').includes(TRACKING))) !== null,
      {
        message: 'the "sent" e-mail arrives',
        timeout: 60_000,
      },
    )
    .toBe(true);
  const mail = await newestMail(buyer.user.email, (found) => (found.text ?? '').includes(TRACKING));
  expect(linksOf(mail!)).toContain(link);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'My Orders' })).toHaveAttribute('aria-selected', 'true');
  const tracked = group.getByRole('link', { name: new RegExp(`^${TRACKING}`) });
  await expect(tracked).toHaveCount(3);
  await expect(tracked.first()).toHaveAttribute('href', link);
});
