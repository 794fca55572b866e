/**
 * Set-up and steps the issue-18 order journeys share: a buyer signed in through the demo API, cart lines
 * of products no other journey buys, the checkout's shipping form, and the seller's /orders behind its
 * login. Everything goes through the real API and the real screens.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { CatalogPage, OpenboxProduct } from '../../shared/schemas/catalog.js';
import type { SignInResponse } from '../../shared/schemas/buying.js';
import { CONDITIONS, CONDITION_INFO, type Condition } from '../../shared/shops.js';
import { adminToken, E2E_ADMIN_PASSWORD, lastRowCategory } from './api.js';

export interface Offer {
  productId: number;
  title: string;
  condition: Condition;
  price: string;
  /** Units of that condition in stock when the catalogue was read. */
  available: number;
}

export async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new buyer (demo sign-in) whose token the page carries from its first load. */
export async function signedInBuyer(
  page: Page,
  request: APIRequestContext,
  name: string,
): Promise<SignInResponse> {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const buyer = await ok<SignInResponse>(await request.post('/api/auth/demo', { data: { name, email } }));
  await page.addInitScript((token) => window.localStorage.setItem('auth_token', token), buyer.token);
  return buyer;
}

/**
 * `count` open-box offers of different products with 2 units or more (or what `fits` asks), starting at `from` (a share of
 * the catalogue, 0–1). The other journeys take theirs from the front, the middle and the end, so each
 * of these journeys passes its own share and no two change the same stock at once.
 */
export async function offersAt(
  request: APIRequestContext,
  from: number,
  count: number,
  /** Which stock an offer needs: 2 units or more unless a journey asks otherwise (one left). */
  fits: (available: number) => boolean = (available) => available >= 2,
): Promise<Offer[]> {
  const { items } = await ok<CatalogPage>(await request.get('/api/catalog?shop=ayz&pageSize=100'));
  const products = (items as OpenboxProduct[]).filter((item) => item.kind === 'openbox');
  const offers: Offer[] = [];
  for (const product of products.slice(Math.floor(products.length * from))) {
    const condition = CONDITIONS.find(
      (key) =>
        Number(product[`${key}_condition_price`]) > 0 && fits(product[`${key}_condition_available_quantity`]),
    );
    if (!condition) continue;
    offers.push({
      productId: product.id,
      title: product.title,
      condition,
      price: product[`${condition}_condition_price`],
      available: product[`${condition}_condition_available_quantity`],
    });
    if (offers.length === count) return offers;
  }
  throw new Error(`fewer than ${count} open-box offers in stock from ${from}`);
}

/**
 * `count` open-box offers of products the journey adds for itself (in the shop's last row, `quantity`
 * units of Acceptable at `price`): no other journey buys them, whatever order the shop's sort puts its
 * products in as stock changes.
 */
export async function ownOffers(
  request: APIRequestContext,
  name: string,
  count: number,
  { quantity = 3, price = '48.99' }: { quantity?: number; price?: string } = {},
): Promise<Offer[]> {
  const token = await adminToken(request);
  const offers: Offer[] = [];
  for (let i = 0; i < count; i += 1) {
    const title = `${name} ${i + 1} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const added = await ok<{ id: number }>(
      await request.post('/api/add-product?shop=ayz', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          title,
          ...(await lastRowCategory(request, 'ayz')),
          acceptable_condition_price: price,
          acceptable_condition_available_quantity: quantity,
        },
      }),
    );
    offers.push({ productId: added.id, title, condition: 'acceptable', price, available: quantity });
  }
  return offers;
}

export async function addToCart(
  request: APIRequestContext,
  buyer: SignInResponse,
  offer: Offer,
): Promise<void> {
  await ok(
    await request.post('/api/cart', {
      headers: { Authorization: `Bearer ${buyer.token}` },
      data: {
        google_id: buyer.user.sub,
        product_id: offer.productId,
        store: 'ayz',
        condition: offer.condition,
        quantity: 1,
      },
    }),
  );
}

/** "🟡 Good": with its emoji, so Good never matches Very Good. */
export const conditionText = (condition: Condition) =>
  `${CONDITION_INFO[condition].emoji} ${CONDITION_INFO[condition].label}`;

/** Fills a checkout's shipping form (the e-mail is the buyer's, suggested by the form). */
export async function fillShipping(form: Locator): Promise<void> {
  await form.getByLabel('Contact name').fill('Zoë Buyer');
  await form.getByLabel('Address').fill('42 Harbour Street');
  await form.getByLabel('City').fill('Toronto');
  await form.getByLabel('State / Province').fill('ON');
  await form.getByLabel('Postal code').fill('M5J 2N8');
  await form.getByLabel('Phone number').fill('+1 416 555 0142');
}

/** Opens /orders through the login gate, as the seller does. */
export async function openOrdersSignedIn(page: Page, search = ''): Promise<void> {
  await page.goto(`/orders${search}`);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByPlaceholder('Enter password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
}

/** The seller's card of an order, found by its payment id. */
export function adminOrderCard(page: Page, paymentId: string): Locator {
  return page.getByRole('article').filter({ hasText: paymentId });
}

/** The buyer's orders, newest first, as the API gives them. */
export async function myPurchases(
  request: APIRequestContext,
  buyer: SignInResponse,
): Promise<{ payment_id: string; group_id: string | null; title: string }[]> {
  return ok(
    await request.get(`/api/my-purchases/${encodeURIComponent(buyer.user.sub)}`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
    }),
  );
}

/** The shipping form as the journeys' buyers post it through the API (the e-mail is the buyer's own). */
export const SHIP_TO = {
  address: '42 Harbour Street',
  postal_code: 'M5J 2N8',
  city: 'Toronto',
  state_prov: 'ON',
  contact_name: 'Zoë Buyer',
  phone: '+1 416 555 0142',
};

interface PlaceOrderOptions {
  quantity?: number;
  /** Pays it at once with the sandbox's Pay. */
  pay?: boolean;
  /** Replaces any of SHIP_TO's fields. */
  shipping?: Partial<typeof SHIP_TO>;
}

/** One line bought through the API (POST /api/create-purchase) by `buyer`; its payment id. */
export async function placeOrder(
  request: APIRequestContext,
  buyer: SignInResponse,
  offer: Pick<Offer, 'productId' | 'condition'>,
  { quantity = 1, pay = false, shipping = {} }: PlaceOrderOptions = {},
): Promise<string> {
  const headers = { Authorization: `Bearer ${buyer.token}` };
  const { payment_id: paymentId } = await ok<{ payment_id: string }>(
    await request.post('/api/create-purchase', {
      headers,
      data: {
        google_id: buyer.user.sub,
        product_id: offer.productId,
        store: 'ayz',
        condition: offer.condition,
        quantity,
        email: buyer.user.email,
        ...SHIP_TO,
        ...shipping,
      },
    }),
  );
  if (pay) await ok(await request.post(`/api/payments/sandbox/${paymentId}/pay`, { headers }));
  return paymentId;
}

/** Another buyer reserves every unit of the offer (an unpaid order holds them), as happens in a busy shop. */
export async function buyAllUnits(request: APIRequestContext, offer: Offer): Promise<void> {
  const email = `rival-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const rival = await ok<SignInResponse>(
    await request.post('/api/auth/demo', { data: { name: 'Rival Buyer', email } }),
  );
  await placeOrder(request, rival, offer, {
    quantity: offer.available,
    shipping: {
      address: '1 Side Street',
      postal_code: '10001',
      city: 'New York',
      state_prov: 'NY',
      contact_name: 'Rival Buyer',
      phone: '+1 212 555 0100',
    },
  });
}
