import type { Kysely } from 'kysely';
import {
  type CartStockRequest,
  cartStockRefusal,
  outOfStockSentence,
} from '../../../shared/rules/cart-stock.js';
import { isPricedCents, notForSaleSentence } from '../../../shared/rules/offers.js';
import { MAX_LINE_QUANTITY, type CartItem, type SessionUser } from '../../../shared/schemas/buying.js';
import {
  CONDITION_INFO,
  type Condition,
  SHOPS,
  type ShopConfig,
  type ShopKey,
} from '../../../shared/shops.js';
import type { Database, ProductConditionRow, ProductRow } from '../../db/types.js';
import { badRequest, conflict, notFound, noSuchProduct } from '../../http/errors.js';
import { insertUserIfMissing, lockUser } from '../buyers/index.js';
import * as catalogRepo from '../catalog/index.js';
import { presentCartItem } from './presenter.js';
import * as repo from './repository.js';

type Db = Kysely<Database>;

/** Only a shop that sells conditions through the cart takes cart lines and purchases. */
export function sellingShop(store: ShopKey): ShopConfig {
  const shop = SHOPS[store];
  if (shop.sells !== 'on-site') {
    throw badRequest(`Invalid field "store": the ${shop.name} does not sell through the cart.`);
  }
  return shop;
}

export interface Offer {
  product: ProductRow;
  /** The condition's row; missing reads as no price and no stock. */
  condition: Pick<ProductConditionRow, 'price_cents' | 'available_quantity'>;
}

/** The product and condition a buyer asks for, or the 4xx sentence saying why it cannot be had. */
export async function findOffer(
  db: Db,
  shop: ShopConfig,
  productId: number,
  condition: Condition,
): Promise<Offer> {
  const product = await catalogRepo.findProduct(db, shop.key, productId);
  if (!product) throw noSuchProduct(shop.name, productId);
  const rows = await catalogRepo.findConditions(db, shop.key, [productId]);
  const row = rows.find((c) => c.condition === condition) ?? { price_cents: 0, available_quantity: 0 };
  return { product, condition: row };
}

/** Refuses a condition nobody can buy now: no price set (shared/rules/offers.ts), or nothing in stock. */
export function assertBuyable(offer: Offer, condition: Condition): void {
  const label = CONDITION_INFO[condition].label;
  if (!isPricedCents(offer.condition.price_cents)) {
    throw conflict(notForSaleSentence(`The ${label} condition of this product`));
  }
  if (offer.condition.available_quantity <= 0) throw conflict(outOfStockSentence(label));
}

export interface CartLineInput {
  product_id: number;
  store: ShopKey;
  condition: Condition;
}

function lineKey(buyer: SessionUser, line: CartLineInput): repo.CartLineKey {
  return { userId: buyer.sub, shop: line.store, productId: line.product_id, condition: line.condition };
}

export async function getCart(db: Db, buyer: SessionUser): Promise<CartItem[]> {
  const rows = await repo.findCartLines(db, buyer.sub);
  return rows.map(presentCartItem);
}

/**
 * Refuses a line that would hold more units than the condition has in stock (issue 20), with the
 * sentence the buyer reads where they clicked.
 */
function assertFitsStock(offer: Offer, condition: Condition, request: Omit<CartStockRequest, 'left'>): void {
  const left = offer.condition.available_quantity;
  if (left <= 0) throw conflict(outOfStockSentence(CONDITION_INFO[condition].label));
  const refusal = cartStockRefusal({ ...request, left });
  if (refusal) throw conflict(refusal);
}

/**
 * One buyer's cart changes go one at a time (their users row locked, as their purchases are): two adds
 * at once would otherwise each find room for one more unit and together pass the stock.
 */
async function lockCartOf(trx: Db, buyer: SessionUser, at: string): Promise<void> {
  await insertUserIfMissing(trx, buyer, at);
  await lockUser(trx, buyer.sub);
}

/**
 * ADD TO CART: adds to the line (or starts it), up to the condition's stock (409 past it) and the most
 * one line may hold (MAX_LINE_QUANTITY, past which it stops there).
 */
export async function addToCart(
  db: Db,
  buyer: SessionUser,
  line: CartLineInput & { quantity: number },
  now = new Date(),
): Promise<void> {
  const shop = sellingShop(line.store);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockCartOf(trx, buyer, at);
    const offer = await findOffer(trx, shop, line.product_id, line.condition);
    assertBuyable(offer, line.condition);
    const key = lineKey(buyer, line);
    const inCart = await repo.findLineQuantity(trx, key);
    assertFitsStock(offer, line.condition, { inCart, change: 'add', quantity: line.quantity });
    await repo.writeLine(trx, key, Math.min(inCart + line.quantity, MAX_LINE_QUANTITY), at);
  });
}

const NOT_IN_CART = 'That item is not in your cart.';

/**
 * The cart's quantity edit: the line's new quantity, up to the condition's stock (409 past it); a
 * condition whose price was taken away since the line was added is refused as ADD TO CART refuses it.
 */
export async function setCartQuantity(
  db: Db,
  buyer: SessionUser,
  line: CartLineInput & { quantity: number },
  now = new Date(),
): Promise<void> {
  const shop = sellingShop(line.store);
  await db.transaction().execute(async (trx) => {
    await lockCartOf(trx, buyer, now.toISOString());
    const key = lineKey(buyer, line);
    const inCart = await repo.findLineQuantity(trx, key);
    if (inCart === 0) throw notFound(NOT_IN_CART);
    const offer = await findOffer(trx, shop, line.product_id, line.condition);
    assertBuyable(offer, line.condition);
    assertFitsStock(offer, line.condition, { inCart, change: 'set', quantity: line.quantity });
    await repo.setLineQuantity(trx, key, line.quantity);
  });
}

/** docs/product.md §7's DELETE /api/cart names no store: it means the shop that has the cart. */
const DEFAULT_CART_SHOP = Object.values(SHOPS).find((shop) => shop.sells === 'on-site')!.key;

export async function removeFromCart(
  db: Db,
  buyer: SessionUser,
  line: Omit<CartLineInput, 'store'> & { store?: ShopKey | undefined },
): Promise<void> {
  const store = sellingShop(line.store ?? DEFAULT_CART_SHOP).key;
  if (!(await repo.deleteLine(db, lineKey(buyer, { ...line, store })))) throw notFound(NOT_IN_CART);
}
