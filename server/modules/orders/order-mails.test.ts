/**
 * The order e-mails as they arrive (issue 18): the real flows (checkout, the sandbox's Pay, NOWPayments
 * IPNs, the sweep, shipping, refunds) queue them, the app's own sender delivers them over SMTP to a real
 * sink, and each is read as the buyer or the seller gets it: recipient, subject, text part and HTML part.
 * One app per database; every flow has its own buyer and products, so they share it.
 */
import sanitizeHtml from 'sanitize-html';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, type AuthHeaders, TEST_DIALECTS } from '../../test/harness.js';
import { paymentScenarios } from '../../test/payment-scenarios.js';
import type { ReceivedMail } from '../../test/smtp-sink.js';
import { mailTime } from './notifications.js';
import { sweepUnpaidOrders } from './sweep.js';

const SHOP = 'https://shop.example.test';
const SELLER = 'seller@example.test';
const TRACKING = '9400100000000000000000';
const USPS_LINK = `https://tools.usps.com/go/TrackConfirmAction?tLabels=${TRACKING}`;
const NOWPAYMENTS_INVOICE = 'https://nowpayments.example/payment/?iid=123';
/** What a buyer might type into the shipping form to break out of an HTML e-mail. */
const HOSTILE_ADDRESS = '<img src=x onerror=alert(1)>';
const HOSTILE_CITY = '"><script>alert(2)</script>';

/** sanitize-html hands text on re-escaped: back to what a reader sees (&amp; last, so nothing decodes twice). */
const decodeEntities = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The HTML part as a mail client reads it: the elements and attributes it holds, its visible text and
 * its links. Parsed by sanitize-html (htmlparser2 underneath, a declared dependency), used only to walk
 * the document: every element is reported and dropped, every piece of text collected.
 */
function readHtml(mail: ReceivedMail) {
  const tags = new Set<string>();
  const attributes = new Set<string>();
  const links: string[] = [];
  const text: string[] = [];
  sanitizeHtml(mail.html, {
    allowedTags: false,
    allowedAttributes: false,
    nonTextTags: [],
    // Its output is thrown away: the walk must see a <script> as one, without the warning for it.
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => {
      tags.add(frame.tag);
      for (const name of Object.keys(frame.attribs)) attributes.add(name);
      if (frame.tag === 'a' && frame.attribs.href) links.push(frame.attribs.href);
      return false;
    },
    textFilter: (value) => {
      text.push(value);
      return value;
    },
  });
  return { tags, attributes, links, text: decodeEntities(text.join('')).replace(/\s+/g, ' ') };
}

describe.each(TEST_DIALECTS)('order e-mails delivered over SMTP on %s', (dialect) => {
  const s = paymentScenarios(dialect, {
    smtpSink: true,
    mailSendMs: 50,
    env: { SELLER_EMAIL: SELLER, PUBLIC_URL: SHOP },
  });
  let admin: AuthHeaders;
  beforeAll(async () => {
    admin = await adminHeaders(s.app());
  });

  const toBuyer = (email: string, subject: string) =>
    s.sink().waitFor((mail) => mail.to.includes(email) && mail.subject === subject);
  /** The seller's e-mail about this order (its reference is in every one). */
  const toSeller = (ref: string, subject: string) =>
    s
      .sink()
      .waitFor((mail) => mail.to.includes(SELLER) && mail.subject === subject && mail.text.includes(ref));
  const ship = (paymentId: string) =>
    s.app().app.inject({
      method: 'PATCH',
      url: `/api/admin-purchases/${paymentId}/shipped`,
      headers: admin,
      payload: { shipped: true, postal_service: 'USPS', tracking_number: TRACKING },
    });
  const refund = (paymentId: string, amount: string, note: string) =>
    s.app().app.inject({
      method: 'POST',
      url: `/api/admin-purchases/${paymentId}/refund`,
      headers: admin,
      payload: { amount, note, restock: false },
    });

  /**
   * The sweep as if the hold were over now: the e-mails it queues are due at once (the sweep's time is
   * when they become due, so a sweep at a made-up later time would hold them back until then).
   */
  const expireUnpaidNow = () => sweepUnpaidOrders(s.db(), new Date(), 0);

  it('tells the buyer and the seller of a paid "Checkout all" group once each, buyer-typed fields escaped', async () => {
    const { ref, email, headers, productIds } = await s.buy('sandbox', 2, {
      address: HOSTILE_ADDRESS,
      city: HOSTILE_CITY,
      contact_name: 'Alice <b>Buyer</b>',
      phone: '555-0199',
    });
    await s.sandboxPay(ref, headers);
    const address = `${HOSTILE_ADDRESS}, ${HOSTILE_CITY}, IL 12345`;

    const buyer = await toBuyer(email, 'Your order is paid');
    expect(buyer.to).toEqual([email]);
    for (const id of productIds) expect(buyer.text).toContain(`- Lens ${id} (Acceptable) × 1: $20.00`);
    expect(buyer.text).toContain('Total: $40.00');
    expect(buyer.text).toContain(`Ship to: Alice <b>Buyer</b>, ${address}`);
    expect(buyer.text).toContain(`Order: ${ref}`);
    expect(buyer.text).toContain(`See your orders: ${SHOP}/account`);
    const buyerHtml = readHtml(buyer);
    expect(buyerHtml.text).toContain(`Lens ${productIds[0]} (Acceptable) × 1`);
    expect(buyerHtml.text).toContain(`Alice <b>Buyer</b>, ${address}`);
    expect(buyerHtml.links).toEqual([`${SHOP}/account`, `${SHOP}/`]);

    const seller = await toSeller(ref, 'New paid order: $40.00');
    expect(seller.to).toEqual([SELLER]);
    expect(seller.text).toContain('Name: Alice <b>Buyer</b>');
    expect(seller.text).toContain(`E-mail: ${email}`);
    expect(seller.text).toContain('Phone: 555-0199');
    expect(seller.text).toContain(`Address: ${address}`);
    for (const id of productIds) expect(seller.text).toContain(`- Lens ${id} (Acceptable) × 1: $20.00`);
    expect(seller.text).toContain(`Open the orders: ${SHOP}/orders`);
    const sellerHtml = readHtml(seller);
    expect(sellerHtml.text).toContain(address);
    expect(sellerHtml.links).toContain(`${SHOP}/orders`);

    // What the buyer typed is text in both HTML parts: no element or attribute of theirs, escaped in the source.
    for (const html of [buyerHtml, sellerHtml]) {
      expect([...html.tags].filter((tag) => ['img', 'script', 'b'].includes(tag))).toEqual([]);
      expect(html.attributes.has('onerror')).toBe(false);
    }
    expect(buyer.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(buyer.html).toContain('&quot;&gt;&lt;script&gt;');

    // One e-mail each for the group: its outbox holds these two, and they are what arrived about it.
    expect((await s.mails(ref)).map((row) => row.kind)).toEqual(['order_paid', 'order_new']);
    expect(s.sink().received.filter((mail) => mail.text.includes(ref))).toHaveLength(2);
  });

  it('tells the buyer their group is on its way, with the USPS tracking link', async () => {
    const { ref, email, headers } = await s.buy('sandbox', 2);
    await s.sandboxPay(ref, headers);
    const line = await s.order(ref);
    expect((await ship(line.payment_id)).statusCode).toBe(200);

    const sent = await toBuyer(email, 'Your order is on its way');
    expect(sent.text).toContain('Sent with: USPS');
    expect(sent.text).toContain(`Tracking number: ${TRACKING}`);
    expect(sent.text).toContain(`Track your parcel: ${USPS_LINK}`);
    expect(readHtml(sent).links).toContain(USPS_LINK);
    expect((await s.mails(ref)).filter((row) => row.kind === 'order_sent')).toHaveLength(1);
  });

  it('tells the buyer of a part refund and then of the rest refunded as a whole', async () => {
    const { ref, email, headers } = await s.buy('sandbox');
    await s.sandboxPay(ref, headers);
    expect((await refund(ref, '5.50', 'Scratched lens cap')).statusCode).toBe(200);
    const part = await toBuyer(email, 'Part of your order was refunded');
    expect(part.text).toContain('Refunded: $5.50');
    expect(part.text).toContain('Refund: Part of the payment');
    expect(part.text).toContain('Note: Scratched lens cap');
    expect(readHtml(part).text).toContain('The seller refunded $5.50 of your payment');

    expect((await refund(ref, '14.50', 'Returned')).statusCode).toBe(200);
    const whole = await toBuyer(email, 'Your order was refunded');
    expect(whole.text).toContain('Refunded: $14.50');
    expect(whole.text).toContain('Refund: The whole payment');
    expect(whole.text).toContain(`See your orders: ${SHOP}/account`);
  });

  it('tells the buyer of a payment that expired, with a link to their orders', async () => {
    const { ref, email } = await s.buy('sandbox');
    expect(await expireUnpaidNow()).toBeGreaterThanOrEqual(1);
    const expired = await toBuyer(email, 'Your order expired before it was paid');
    expect(expired.text).toContain('The time to pay for "Lens');
    expect(expired.text).toContain(`See your orders: ${SHOP}/account`);
    expect(readHtml(expired).links).toContain(`${SHOP}/account`);
    expect((await s.order(ref)).payment_status).toBe('expired');
  });

  it('tells the buyer what part arrived through NOWPayments and what is left, and the seller that it needs attention', async () => {
    const { ref, sub, email, headers } = await s.buy('nowpayments');
    expect((await s.ipn(ref, 'partially_paid', 12.5)).statusCode).toBe(200);
    const mine = (await s.app().app.inject({ url: `/api/my-purchases/${sub}`, headers })).json();
    const payUntil: string = mine[0].pay_until;

    const buyer = await toBuyer(email, 'Your order is partly paid');
    expect(buyer.text).toContain('Paid: $12.50 of $20.00');
    expect(buyer.text).toContain('Left to pay: $7.50');
    expect(buyer.text).toContain(`Pay by: ${mailTime(payUntil)}`);
    expect(buyer.text).toContain(`Pay the rest: ${NOWPAYMENTS_INVOICE}`);
    expect(readHtml(buyer).links).toContain(NOWPAYMENTS_INVOICE);

    const seller = await toSeller(ref, `Order partly paid: ${ref}`);
    expect(seller.text).toContain('Invoice: $20.00');
    expect(seller.text).toContain('Arrived: $12.50');
    expect(seller.text).toContain('Short by: $7.50');
    expect(seller.text).toContain(`E-mail: ${email}`);
    expect(seller.text).toContain(`Open the orders: ${SHOP}/orders`);
  });

  it('tells the seller of an overpaid order and of one paid late, with the amounts', async () => {
    const over = await s.buy('nowpayments');
    expect((await s.ipn(over.ref, 'finished', 25)).statusCode).toBe(200);
    const overpaid = await toSeller(over.ref, `Order overpaid: ${over.ref}`);
    expect(overpaid.text).toContain('Invoice: $20.00');
    expect(overpaid.text).toContain('Arrived: $25.00');
    expect(overpaid.text).toContain('Overpaid by: $5.00');
    await toBuyer(over.email, 'Your order is paid');

    const late = await s.buy('nowpayments');
    expect(await expireUnpaidNow()).toBeGreaterThanOrEqual(1);
    expect((await s.ipn(late.ref, 'finished', 20)).statusCode).toBe(200);
    const paidLate = await toSeller(late.ref, `Order paid late: ${late.ref}`);
    expect(paidLate.text).toContain('The money arrived after the order had expired');
    expect(paidLate.text).toContain('Invoice: $20.00');
    expect(paidLate.text).toContain('Arrived: $20.00');
    expect(paidLate.text).toContain(`Open the orders: ${SHOP}/orders`);
    await toSeller(late.ref, 'New paid order: $20.00');
  });
});
