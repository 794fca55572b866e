import type { Kysely } from 'kysely';
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
import { insertUserIfMissing } from '../buyers/index.js';
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

/** Refuses a condition nobody can buy now: no price set, or nothing in stock. */
export function assertBuyable(offer: Offer, condition: Condition): void {
  const label = CONDITION_INFO[condition].label;
  if (offer.condition.price_cents <= 0) {
    throw conflict(`The ${label} condition of this product has no price, so it is not for sale.`);
  }
  if (offer.condition.available_quantity <= 0) throw conflict(`The ${label} condition is out of stock.`);
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

export async function addToCart(
  db: Db,
  buyer: SessionUser,
  line: CartLineInput & { quantity: number },
  now = new Date(),
): Promise<void> {
  const shop = sellingShop(line.store);
  assertBuyable(await findOffer(db, shop, line.product_id, line.condition), line.condition);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await insertUserIfMissing(trx, buyer, at);
    await repo.addToLine(trx, lineKey(buyer, line), line.quantity, MAX_LINE_QUANTITY, at);
  });
}

const NOT_IN_CART = 'That item is not in your cart.';

export async function setCartQuantity(
  db: Db,
  buyer: SessionUser,
  line: CartLineInput & { quantity: number },
): Promise<void> {
  sellingShop(line.store);
  if (!(await repo.setLineQuantity(db, lineKey(buyer, line), line.quantity))) throw notFound(NOT_IN_CART);
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
