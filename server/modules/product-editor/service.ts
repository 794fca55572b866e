/** Catalogue management for the admin area: products, their galleries and description images. */
import { withAdvisoryLock } from '../../db/advisory-lock.js';
import type { Kysely } from 'kysely';
import { CONDITIONS, SHOPS, type ShopConfig, type ShopKey } from '../../../shared/shops.js';
import { priceToCents } from '../../../shared/rules/money.js';
import {
  PRODUCT_FIELDS,
  type ProductFieldColumns,
  type ProductFieldName,
  shopHasField,
  toColumn,
  unsetColumn,
} from '../../../shared/productFields.js';
import {
  type AdminProductBody,
  type EditProductBody,
  STALE_PRODUCT_EDIT,
} from '../../../shared/schemas/admin.js';
import type { Database, NewProductRow } from '../../db/types.js';
import { MAX_PRODUCT_ID } from '../../../shared/schemas/common.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, noSuchProduct, productTaken } from '../../http/errors.js';
import { changedFields, recordActivity } from '../activity/index.js';
import * as catalogRepo from '../catalog/index.js';
import { sanitizeDescription } from '../catalog/index.js';
import * as images from '../images/index.js';
import * as stock from '../stock/index.js';
import { productSnapshot, productTarget } from './activity.js';

type Db = Kysely<Database>;

/** A shop named in a path: its key, or the folder name docs/product.md §7 uses for the referrals shop ("products"). */
/**
 * One gallery change of a product at a time (two uploads at once would both write "4.webp"): within
 * this process, and across every process sharing the database and the images volume.
 */
function lockGallery<T>(
  db: Db,
  shopKey: ShopKey,
  id: number,
  dir: string,
  work: () => Promise<T>,
): Promise<T> {
  return images.withProductLock(dir, () => withAdvisoryLock(db, `gallery:${shopKey}:${id}`, work));
}

export function shopFromPath(segment: string): ShopConfig {
  const shop = Object.values(SHOPS).find((s) => s.key === segment || s.editPathSegment === segment);
  if (!shop) {
    const names = [...new Set(Object.values(SHOPS).flatMap((s) => [s.key, s.editPathSegment]))].join(', ');
    throw badRequest(`Invalid path parameter "shop": must be one of ${names}.`);
  }
  return shop;
}

const cents = (value: string) => (value === '' ? 0 : priceToCents(value)!);

/**
 * The product columns a shop keeps from the admin form (and from an imported CSV row), one per registry
 * field (shared/productFields.ts); fields the shop does not have stay at their unset values.
 */
export function productColumns(shop: ShopConfig, body: AdminProductBody): ProductFieldColumns {
  const values = body as Record<ProductFieldName, string | number>;
  const columns = Object.fromEntries(
    PRODUCT_FIELDS.map((field) => [
      field.column,
      shopHasField(shop, field.name) ? toColumn(field, values[field.name]) : unsetColumn(field),
    ]),
  ) as ProductFieldColumns;
  return { ...columns, description: sanitizeDescription(columns.description) };
}

export function conditionRows(shop: ShopConfig, body: AdminProductBody): stock.ConditionInput[] {
  if (shop.sells !== 'on-site') return [];
  return CONDITIONS.map((condition) => ({
    condition,
    price_cents: cents(body[`${condition}_condition_price`]),
    available_quantity: body[`${condition}_condition_available_quantity`],
  }));
}

const withProductId = (id: number, conditions: readonly stock.ConditionInput[]) =>
  conditions.map((condition) => ({ ...condition, product_id: id }));

export async function createProduct(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  body: AdminProductBody,
  actor: string,
): Promise<number> {
  if (body.id === undefined || !body.images) return insertNewProduct(db, imagesDir, shopKey, body, actor);
  // The gallery lock first: waiting for its connection while holding the transaction's could drain the pool.
  const dir = await images.productImageDir(imagesDir, shopKey, body.id);
  return lockGallery(db, shopKey, body.id, dir, () => insertNewProduct(db, imagesDir, shopKey, body, actor));
}

async function insertNewProduct(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  body: AdminProductBody,
  actor: string,
): Promise<number> {
  const shop = SHOPS[shopKey];
  return db.transaction().execute(async (trx) => {
    const id = body.id ?? (await catalogRepo.maxProductId(trx, shopKey)) + 1;
    if (id > MAX_PRODUCT_ID) throw conflict(`The ${shop.name} has used every product ID.`);
    if (await catalogRepo.productExists(trx, shopKey, id)) throw productTaken(shop.name, id);
    const now = new Date().toISOString();
    const dir = await images.productImageDir(imagesDir, shopKey, id);
    // The form names the images it uploaded; anything else in the folder is left from an abandoned add.
    // (createProduct holds the gallery lock when it names them.)
    const keep = body.images;
    const imageCount = keep
      ? await images.keepOnlyProductImages(dir, keep)
      : (await images.listProductImages(dir)).length;
    const row: NewProductRow = {
      shop: shopKey,
      id,
      ...productColumns(shop, body),
      view_count: 0,
      image_count: imageCount,
      stock_quantity: 0,
      created_at: now,
      updated_at: now,
    };
    try {
      await catalogRepo.insertProduct(trx, row);
    } catch (error) {
      // Another admin took the same id between our check and the insert.
      if (isUniqueViolation(error)) throw productTaken(shop.name, id);
      throw error;
    }
    const conditions = conditionRows(shop, body);
    await stock.writeConditions(trx, shopKey, withProductId(id, conditions));
    const after = productSnapshot(shop, row, conditions, { whole: true });
    await recordActivity(trx, {
      actor,
      action: 'product.add',
      target: productTarget(shopKey, id),
      after,
      at: now,
    });
    return id;
  });
}

/**
 * Saves the edit form over the version it was opened on (body.updated_at); answers the new version.
 * Anything written since (a purchase or release, another admin's save, a gallery change) makes it a 409
 * that writes nothing: the form's quantities were read before those units moved, and saving them would
 * bring back units that are held or sold.
 */
export async function updateProduct(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  id: number,
  body: EditProductBody,
  actor: string,
): Promise<string> {
  const shop = SHOPS[shopKey];
  const imageCount = (await images.listProductImages(await images.productImageDir(imagesDir, shopKey, id)))
    .length;
  return db.transaction().execute(async (trx) => {
    await stock.lockProducts(trx, shopKey, [id]);
    const stored = await catalogRepo.findProduct(trx, shopKey, id);
    const before =
      stored && productSnapshot(shop, stored, await catalogRepo.findConditions(trx, shopKey, [id]));
    const columns = productColumns(shop, body);
    const version = await catalogRepo.updateProduct(
      trx,
      shopKey,
      id,
      { ...columns, image_count: imageCount, updated_at: new Date().toISOString() },
      { expectedVersion: body.updated_at },
    );
    if (version === undefined) {
      if (await catalogRepo.productExists(trx, shopKey, id)) throw conflict(STALE_PRODUCT_EDIT);
      throw noSuchProduct(shop.name, id);
    }
    const conditions = conditionRows(shop, body);
    await stock.writeConditions(trx, shopKey, withProductId(id, conditions));
    const change = before && changedFields(before, productSnapshot(shop, columns, conditions));
    await recordActivity(trx, {
      actor,
      action: 'product.edit',
      target: productTarget(shopKey, id),
      ...change,
    });
    return version;
  });
}

/** Deletes the product row, then its whole image folder (gallery, preview and description images). */
export async function deleteProduct(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  id: number,
  actor: string,
): Promise<void> {
  const shop = SHOPS[shopKey];
  // Checked before the row goes, so a refused folder (a symbolic link) leaves the product as it was.
  const dir = await images.productImageDir(imagesDir, shopKey, id);
  const deleted = await db.transaction().execute(async (trx) => {
    const stored = await catalogRepo.findProduct(trx, shopKey, id);
    const conditions = stored ? await catalogRepo.findConditions(trx, shopKey, [id]) : [];
    // The DELETE takes the product's row first (the stock module's lock order), then its orders let go.
    if (!stored || !(await catalogRepo.deleteProduct(trx, shopKey, id))) return false;
    await stock.dropReservations(trx, shopKey, [id], new Date().toISOString());
    const before = productSnapshot(shop, stored, conditions, { whole: true });
    await recordActivity(trx, {
      actor,
      action: 'product.delete',
      target: productTarget(shopKey, id),
      before,
    });
    return true;
  });
  if (!deleted) throw noSuchProduct(shop.name, id);
  await images.deleteFolder(dir);
}

/**
 * Adds gallery images. Every file is decoded first, so one bad file writes nothing. For a product that
 * does not exist yet (the add flow uploads before creating) the files become the whole gallery; for an
 * existing product they are appended, and image_count follows. `heldVersion`, the version the caller's
 * edit form holds, is answered with the product's new one when it was still current (setImageCount).
 */
export async function uploadProductImages(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  id: number,
  files: readonly images.UploadedFile[],
  {
    forNewProduct,
    heldVersion,
    actor,
  }: { forNewProduct: boolean; heldVersion?: string | undefined; actor: string },
): Promise<{ images: string[]; updated_at?: string }> {
  if (files.length === 0) throw badRequest('Invalid field "images": choose at least one image.');
  const encoded: Buffer[] = [];
  for (const file of files) encoded.push(await images.toWebp(file));
  const dir = await images.productImageDir(imagesDir, shopKey, id);
  return lockGallery(db, shopKey, id, dir, async () => {
    const exists = await catalogRepo.productExists(db, shopKey, id);
    // The add form uploads before it creates: never let that land in another product's gallery.
    if (exists && forNewProduct) {
      throw productTaken(SHOPS[shopKey].name, id);
    }
    const was = exists ? await images.listProductImages(dir) : [];
    const count = await images.storeProductImages(dir, encoded, exists ? 'append' : 'replace');
    const list = await images.listProductImages(dir);
    // A new product's pictures are part of its add (logged there).
    const version = exists
      ? await galleryChanged(db, { shopKey, id, count, heldVersion, actor }, was, list)
      : undefined;
    return version === undefined ? { images: list } : { images: list, updated_at: version };
  });
}
/**
 * A stored product's gallery changed (under its gallery lock): its image count and version move on, and
 * the change is logged with the pictures before and after, in one transaction.
 */
async function galleryChanged(
  db: Db,
  change: { shopKey: ShopKey; id: number; count: number; heldVersion: string | undefined; actor: string },
  before: string[],
  after: string[],
): Promise<string | undefined> {
  const { shopKey, id, count, heldVersion, actor } = change;
  return db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const version = await catalogRepo.setImageCount(trx, shopKey, id, count, at, heldVersion);
    const target = productTarget(shopKey, id);
    await recordActivity(trx, {
      actor,
      action: 'product.images',
      target,
      before: { images: before },
      after: { images: after },
      at,
    });
    return version;
  });
}

export async function listProductImages(imagesDir: string, shopKey: ShopKey, id: number): Promise<string[]> {
  return images.listProductImages(await images.productImageDir(imagesDir, shopKey, id));
}

/**
 * Deletes one gallery image. `heldVersion`, the version the caller's edit form holds, is answered with
 * the product's new version when it was still current (catalogRepo.setImageCount).
 */
export async function deleteProductImage(
  db: Db,
  imagesDir: string,
  shopKey: ShopKey,
  id: number,
  fileName: string,
  heldVersion: string | undefined,
  actor: string,
): Promise<{ images: string[]; updated_at?: string }> {
  const dir = await images.productImageDir(imagesDir, shopKey, id);
  return lockGallery(db, shopKey, id, dir, async () => {
    const was = await images.listProductImages(dir);
    const count = await images.deleteProductImage(dir, fileName);
    const list = await images.listProductImages(dir);
    const version = (await catalogRepo.productExists(db, shopKey, id))
      ? await galleryChanged(db, { shopKey, id, count, heldVersion, actor }, was, list)
      : undefined;
    return version === undefined ? { images: list } : { images: list, updated_at: version };
  });
}
export async function uploadDescriptionImage(
  imagesDir: string,
  shopKey: ShopKey,
  id: number,
  file: images.UploadedFile | undefined,
): Promise<string> {
  if (!file) throw badRequest('Invalid field "image": choose an image to upload.');
  return images.storeDescriptionImage(imagesDir, shopKey, id, await images.toWebp(file, 1200));
}

export async function deleteDescriptionFolder(
  imagesDir: string,
  shopKey: ShopKey,
  id: number,
): Promise<void> {
  await images.deleteFolder(await images.descriptionDir(imagesDir, shopKey, id));
}

export { deleteDescriptionImage } from '../images/index.js';
