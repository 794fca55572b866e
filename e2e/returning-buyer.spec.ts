/**
 * Issue 20, items 1–3, as a person meets them: a visitor presses ADD TO CART and Contact the seller and
 * is asked, in the product itself, to log in, signs in from there (the demo form, and Google's button)
 * and is back at the same product; adds the one unit left a second time and is told it is already in the
 * cart; finds in the cart a line whose stock fell below it, and the + stopped at the stock; pays twice,
 * the second time with the shipping address of the first already filled in, which a checkout opened
 * again later still has without asking. No browser alert on the way.
 * The prompt in the product and the cart's warning are looked at (axe, 1280, 390 and 320 px).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { SignInResponse } from '../shared/schemas/buying.js';
import { CONDITION_INFO } from '../shared/shops.js';
import {
  addToCart,
  buyAllUnits,
  conditionText,
  fillShipping,
  offersAt,
  ok,
  placeOrder,
  signedInBuyer,
  type Offer,
} from './support/orders.js';
import { collectDialogs, lookAt } from './support/page.js';

/** From a share of the catalogue no other journey buys from: a condition with one unit left, and another product's with two or more. */
async function twoOffers(request: APIRequestContext): Promise<{ single: Offer; spare: Offer }> {
  const [single] = await offersAt(request, 0.4, 1, (available) => available === 1);
  const spare = (await offersAt(request, 0.4, 3)).find((offer) => offer.productId !== single!.productId);
  if (!single || !spare) throw new Error('no two open-box offers from 0.4 of the catalogue');
  return { single, spare };
}

/** The offer part of a product modal: price, condition, buttons and what they said. */
const offerOf = (modal: Locator) => modal.getByRole('button', { name: 'ADD TO CART' }).locator('xpath=../..');

const saidIn = (scope: Locator, text: string) => scope.getByRole('status').filter({ hasText: text });

function cartLine(scope: Locator, offer: Offer): Locator {
  return scope
    .getByRole('listitem')
    .filter({ hasText: offer.title })
    .filter({ hasText: conditionText(offer.condition) });
}

/** The checkout of one line from /account's Cart tab; returns its dialog. */
async function openCheckout(page: Page, offer: Offer): Promise<Locator> {
  await page
    .getByRole('tabpanel', { name: 'Cart' })
    .getByRole('button', {
      name: `Buy ${offer.title}, ${CONDITION_INFO[offer.condition].label}`,
      exact: true,
    })
    .click();
  return page.getByRole('dialog', { name: 'Checkout' });
}

/** Pays with crypto: the payment page opens in a new tab, which the buyer closes again. */
async function pay(page: Page, checkout: Locator): Promise<void> {
  const opened = page.context().waitForEvent('page');
  await checkout.getByRole('button', { name: 'Pay with crypto' }).click();
  const payment = await opened;
  await payment.waitForURL(/\/pay\/ord_/);
  await expect(checkout).toBeHidden();
  await payment.close();
}

test('a visitor signs in from the product, is stopped at the stock, and pays twice with the address kept', async ({
  page,
  request,
}) => {
  // Two screens looked at three times in two themes, two checkouts: slow on a loaded 2-core machine.
  test.setTimeout(300_000);
  const { single, spare } = await twoOffers(request);
  const dialogs = collectDialogs(page);
  const email = `rhea-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

  // Signed out: both buttons ask, in the product, with a way to sign in.
  await page.goto(`/?product=${single.productId}`);
  const modal = page.getByRole('dialog', { name: single.title });
  const addButton = modal.getByRole('button', { name: 'ADD TO CART' });
  const prompt = saidIn(modal, 'Please log in to your account');
  await modal.getByRole('button', { name: 'Contact the seller' }).click();
  await expect(prompt).toHaveText('Please log in to your account');
  await addButton.click();
  await expect(prompt).toHaveText('Please log in to your account');
  await expect(modal.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await lookAt(page, '[role="dialog"]', 'product-sign-in-prompt', offerOf(modal));
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sign in from there: the sign-in opens over the product, which is still open once signed in.
  await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Name').fill('Rhea Return');
  await signIn.getByLabel('E-mail').fill(email);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn).toBeHidden();
  await expect(page).toHaveURL(`/?product=${single.productId}`);
  await expect(modal).toBeVisible();
  await expect(addButton).toBeFocused();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Rhea Return' })).toBeAttached();

  // The one unit left goes in once; a second press says it is already there.
  await modal.getByRole('combobox', { name: 'Condition' }).selectOption(single.condition);
  await addButton.click();
  await expect(saidIn(modal, 'Added to cart')).toBeVisible();
  await addButton.click();
  await expect(saidIn(modal, 'Only 1 left')).toHaveText('Only 1 left — it is already in your cart.');
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeAttached();

  // Two units of another product; then another buyer's order leaves one of them.
  await page.goto(`/?product=${spare.productId}`);
  const spareModal = page.getByRole('dialog', { name: spare.title });
  await spareModal.getByRole('combobox', { name: 'Condition' }).selectOption(spare.condition);
  await spareModal.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeAttached();
  await spareModal.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(page.getByRole('button', { name: 'Cart, 3 items' })).toBeAttached();
  await buyAllUnits(request, { ...spare, available: spare.available - 1 });
  await page.keyboard.press('Escape');
  await expect(spareModal).toBeHidden();

  // The cart: the short line says how many are left; the + of the full line is off, and says why.
  await page.getByRole('button', { name: 'Cart, 3 items' }).click();
  const cartModal = page.getByRole('dialog', { name: 'Cart' });
  const shortLine = cartLine(cartModal, spare);
  await expect(shortLine).toContainText('Only 1 left — your cart holds 2: lower the quantity to 1.');
  const fullLine = cartLine(cartModal, single);
  const more = fullLine.getByRole('button', { name: /^One more:/ });
  await expect(more).toBeDisabled();
  // aria-disabled keeps it in reach (and the focus in the dialog): pressed anyway, the line says why.
  await more.click({ force: true });
  await expect(saidIn(fullLine, 'Only 1 left')).toHaveText('Only 1 left — it is already in your cart.');
  await expect(fullLine.getByRole('spinbutton')).toHaveValue('1');
  await lookAt(page, '[role="dialog"]', 'cart-short-line', cartModal.getByRole('list'));
  await page.setViewportSize({ width: 1280, height: 800 });

  // /account: the short line cannot be bought until it is lowered to what is left.
  await cartModal.getByRole('button', { name: 'My Account' }).click();
  await expect(page).toHaveURL('/account');
  const cart = page.getByRole('tabpanel', { name: 'Cart' });
  const shortBuy = cart.getByRole('button', {
    name: `Buy ${spare.title}, ${CONDITION_INFO[spare.condition].label}`,
    exact: true,
  });
  await expect(shortBuy).toBeDisabled();
  await expect(cart.getByRole('button', { name: 'Checkout all' })).toHaveCount(0);
  await cartLine(cart, spare)
    .getByRole('button', { name: /^Lower to 1: / })
    .click();
  await expect(cartLine(cart, spare)).not.toContainText('Only 1 left');
  await expect(cartLine(cart, spare).getByRole('spinbutton')).toHaveValue('1');
  // The pressed button went with the warning: the focus is on the quantity it set, not lost to the page.
  await expect(cartLine(cart, spare).getByRole('spinbutton')).toBeFocused();
  await expect(shortBuy).toBeEnabled();

  // The first checkout starts from the sign-in e-mail only; the buyer types the address.
  const first = await openCheckout(page, single);
  await expect(first.getByLabel('E-mail')).toHaveValue(email);
  await expect(first.getByLabel('Address')).toHaveValue('');
  await fillShipping(first);
  await pay(page, first);

  // The second starts from that address; the buyer changes the phone number before paying.
  const second = await openCheckout(page, spare);
  await expect(second).toContainText('From your last order: change anything before you pay.');
  await expect(second.getByLabel('Contact name')).toHaveValue('Zoë Buyer');
  await expect(second.getByLabel('Address')).toHaveValue('42 Harbour Street');
  await expect(second.getByLabel('City')).toHaveValue('Toronto');
  await expect(second.getByLabel('State / Province')).toHaveValue('ON');
  await expect(second.getByLabel('Postal code')).toHaveValue('M5J 2N8');
  await expect(second.getByLabel('Phone number')).toHaveValue('+1 416 555 0142');
  await expect(second.getByLabel('E-mail')).toHaveValue(email);
  await second.getByLabel('Phone number').fill('+1 416 555 0199');
  await pay(page, second);
  await expect(cart).toContainText('Your cart is empty.');

  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const kept = await ok<{ shipping_address: { phone: string } }>(
    await request.get('/api/account/shipping-address', { headers: { Authorization: `Bearer ${token}` } }),
  );
  expect(kept.shipping_address.phone).toBe('+1 416 555 0199');
  expect(dialogs, 'no browser alert or confirm on the way').toEqual([]);
});

test('a checkout opened again later starts at once from the address it has, without asking again', async ({
  page,
  request,
}) => {
  const [offer] = await offersAt(request, 0.55, 1);
  const buyer = await signedInBuyer(page, request, 'Lena Later');
  // An earlier purchase (through the API) left its address; a line of the same offer waits in the cart.
  await placeOrder(request, buyer, offer!, { shipping: { address: '7 Later Lane' } });
  await addToCart(request, buyer, offer!);
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/account/shipping-address') asked.push(sent.method());
  });
  // The page's own clock, moved on below past any cache lifetime without the test waiting that long.
  await page.clock.install();
  await page.goto('/account');
  const first = await openCheckout(page, offer!);
  await expect(first.getByLabel('Address')).toHaveValue('7 Later Lane');
  await first.getByRole('button', { name: 'Close' }).click();
  await expect(first).toBeHidden();

  await page.clock.fastForward('10:00');
  const again = await openCheckout(page, offer!);
  await expect(again.getByLabel('Address')).toHaveValue('7 Later Lane');
  // Only a purchase changes the address, and a purchase asks again itself: opening the form does not wait for it.
  expect(asked).toEqual(['GET']);
});

/** Google Identity Services as far as the shop uses it: a button whose press hands over a credential. */
const GOOGLE_STAND_IN = `
window.google = { accounts: { id: {
  initialize(options) { window.googleCallback = options.callback; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.addEventListener('click', () => window.googleCallback({ credential: 'stand-in-google-id-token' }));
    parent.append(button);
  },
} } };
`;

test('signing in with Google from a product keeps the product open', async ({ page, request }) => {
  // This server signs in by demo form only; Google's script, the config and POST /api/auth/google stand in
  // for a Google client (the server's own check of Google tokens is server/modules/buyers/buyers.test.ts's).
  const email = `gita-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const signedIn = await ok<SignInResponse>(
    await request.post('/api/auth/demo', { data: { name: 'Gita Google', email } }),
  );
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...config, signInMode: 'google', googleClientId: 'e2e.apps.googleusercontent.com' },
    });
  });
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: GOOGLE_STAND_IN }),
  );
  const credentials: string[] = [];
  await page.route('**/api/auth/google', async (route) => {
    credentials.push((route.request().postDataJSON() as { credential: string }).credential);
    await route.fulfill({ json: signedIn });
  });
  const dialogs = collectDialogs(page);
  const [offer] = await offersAt(request, 0.4, 1);

  await page.goto(`/?product=${offer!.productId}`);
  const modal = page.getByRole('dialog', { name: offer!.title });
  await modal.getByRole('button', { name: 'Contact the seller' }).click();
  await expect(saidIn(modal, 'Please log in to your account')).toBeVisible();
  await modal.getByRole('button', { name: 'Sign in', exact: true }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(signIn).toBeHidden();
  expect(credentials).toEqual(['stand-in-google-id-token']);
  await expect(page).toHaveURL(`/?product=${offer!.productId}`);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Contact the seller' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Gita Google' })).toBeAttached();
  expect(dialogs).toEqual([]);
});
