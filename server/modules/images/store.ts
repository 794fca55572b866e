/**
 * Product and description images on disk. Every upload is decoded and re-encoded to .webp, so untrusted
 * bytes never reach the disk as they came; every folder is resolved through safe-path.ts, so it stays
 * inside the images folder and never goes through a symbolic link.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { isRegularFile, removeFile, removeFolder, resolveInside, type SafePath } from './safe-path.js';

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_FILES = 20;
export const IMAGE_MAX_PIXELS = 40_000_000;
const IMAGE_MAX_EDGE = 1600;
const PREVIEW_EDGE = 400;
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);
const NUMBERED = /^(\d{1,4})\.webp$/;

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export function productImageDir(imagesDir: string, shop: ShopKey, id: number): Promise<SafePath> {
  return resolveInside(imagesDir, SHOPS[shop].imageFolder, String(id));
}

const quoted = (name: string) => JSON.stringify(name.slice(0, 80));

/** Decodes an upload (only raster formats, at most IMAGE_MAX_PIXELS) and re-encodes it as .webp. */
export async function toWebp(file: UploadedFile, maxEdge = IMAGE_MAX_EDGE): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(file.data, { limitInputPixels: false }).metadata()).format;
  } catch {
    throw badRequest(`${quoted(file.filename)} is not an image we can read.`);
  }
  if (!format || !READABLE_FORMATS.has(format)) {
    throw badRequest(`${quoted(file.filename)} is not a supported image (use JPEG, PNG, WebP, GIF or AVIF).`);
  }
  try {
    return await sharp(file.data, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(
        413,
        `${quoted(file.filename)} is larger than ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`,
      );
    }
    throw badRequest(`${quoted(file.filename)} is not an image we can read.`);
  }
}

/**
 * Writes a file under a temporary name, flushes it to the disk, then renames it into place: after a
 * crash or power loss the name shows either the old file or the whole new one, never a torn or empty
 * one (a rename can reach the disk before the data it names unless the data is flushed first).
 */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  // 'wx' creates a new file and never opens (or follows) anything already there.
  const handle = await fs.open(temp, 'wx');
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await fs.rename(temp, file);
  await syncFolder(path.dirname(file));
}

/** Flushes a folder's entries, so the rename itself survives a power loss. */
async function syncFolder(dir: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(dir, 'r');
  } catch {
    // Some platforms (Windows) cannot open a folder; the file's data is flushed already.
    return;
  }
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder (EINVAL); nothing more can be done there.
  } finally {
    await handle.close();
  }
}

/**
 * The numbered gallery images of a product, in gallery order: ["1.webp", "2.webp", …]. Only regular
 * files count: a link named like an image is never listed, renumbered, read or served.
 */
export async function listProductImages(dir: SafePath): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && NUMBERED.test(entry.name))
    .map((entry) => entry.name)
    .sort((a, b) => Number(NUMBERED.exec(a)![1]) - Number(NUMBERED.exec(b)![1]));
}

/** The preview folder, checked before a gallery change starts, so a refusal leaves the gallery as it was. */
const previewDirOf = (dir: SafePath) => resolveInside(dir, 'preview');

async function writePreview(dir: SafePath, previewDir: SafePath): Promise<void> {
  const first = path.join(dir, '1.webp');
  await fs.mkdir(previewDir, { recursive: true });
  try {
    if (!(await isRegularFile(first))) throw new Error('no first image');
    // From the bytes, not the path: libvips caches decoded files by name, so after a renumber or a
    // replacement it would make the preview from the image the file used to hold.
    const preview = await sharp(await fs.readFile(first))
      .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
    await writeAtomically(path.join(previewDir, '1.webp'), preview);
  } catch {
    await fs.rm(path.join(previewDir, '1.webp'), { force: true });
  }
}

/**
 * Renames the gallery to 1..n in its current order, so the shop's 1..imagecount URLs always hit. One
 * ascending pass: the k-th file (number >= k) moves to k, which is never a file still waiting to move,
 * and each rename is atomic, so a crash leaves a valid gallery that the next renumber closes up.
 */
async function renumber(dir: SafePath): Promise<number> {
  const names = await listProductImages(dir);
  for (const [index, name] of names.entries()) {
    const target = `${index + 1}.webp`;
    if (name !== target) await fs.rename(path.join(dir, name), path.join(dir, target));
  }
  return names.length;
}

const productLocks = new Map<string, Promise<unknown>>();

/**
 * Runs gallery changes of one product one at a time (two uploads at once would both write "4.webp").
 * This serialises within a process; several processes sharing one images volume would need a
 * database lock as well.
 */
export function withProductLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  const previous = productLocks.get(dir) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  productLocks.set(dir, next);
  void next
    .finally(() => {
      if (productLocks.get(dir) === next) productLocks.delete(dir);
    })
    .catch(() => undefined);
  return next;
}

/** Keeps only the named gallery images (the ones the add form uploaded), in their order. */
export async function keepOnlyProductImages(dir: SafePath, keep: readonly string[]): Promise<number> {
  const previewDir = await previewDirOf(dir);
  const existing = await listProductImages(dir);
  await Promise.all(
    existing.filter((name) => !keep.includes(name)).map((name) => fs.rm(path.join(dir, name))),
  );
  const count = await renumber(dir);
  if (count === 0) await removeFolder(previewDir);
  else await writePreview(dir, previewDir);
  return count;
}

/**
 * Stores already-encoded images: 'replace' makes them the whole gallery (adding a product), 'append'
 * adds them after the existing ones (editing). Returns the new image count.
 */
export async function storeProductImages(
  dir: SafePath,
  images: readonly Buffer[],
  mode: 'replace' | 'append',
): Promise<number> {
  const previewDir = await previewDirOf(dir);
  await fs.mkdir(dir, { recursive: true });
  let existing = await listProductImages(dir);
  if (mode === 'replace') {
    await Promise.all(existing.map((name) => fs.rm(path.join(dir, name), { force: true })));
    existing = [];
  }
  for (const [i, image] of images.entries()) {
    await writeAtomically(path.join(dir, `${existing.length + i + 1}.webp`), image);
  }
  const count = await renumber(dir);
  await writePreview(dir, previewDir);
  return count;
}

/** Deletes one gallery image, closes the gap and remakes the preview. Returns the new count. */
export async function deleteProductImage(dir: SafePath, fileName: string): Promise<number> {
  const previewDir = await previewDirOf(dir);
  if (!(await removeFile(await resolveInside(dir, fileName)))) {
    throw new HttpError(404, `There is no image ${fileName} for this product.`);
  }
  const count = await renumber(dir);
  await writePreview(dir, previewDir);
  return count;
}

export async function deleteFolder(dir: SafePath): Promise<void> {
  await removeFolder(dir);
}

/** Description images live in {product folder}/description and are addressed by their public URL. */
export async function storeDescriptionImage(
  imagesDir: string,
  shop: ShopKey,
  id: number,
  image: Buffer,
): Promise<string> {
  const folder = SHOPS[shop].imageFolder;
  const dir = await descriptionDir(imagesDir, shop, id);
  await fs.mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.webp`;
  await writeAtomically(path.join(dir, name), image);
  return `/images/${folder}/${id}/description/${name}`;
}

const DESCRIPTION_SRC = /^\/images\/([A-Za-z]+)\/(\d{1,10})\/description\/([\w-]{1,80}\.webp)$/;

/** Deletes the description image a `src` names; anything else is refused with 400. */
export async function deleteDescriptionImage(imagesDir: string, src: string): Promise<void> {
  let pathname: string;
  try {
    pathname = new URL(src, 'http://local').pathname;
  } catch {
    throw badRequest('Invalid field "src": it must be the address of a description image.');
  }
  const match = DESCRIPTION_SRC.exec(pathname);
  const folderKnown = Object.values(SHOPS).some((shop) => shop.imageFolder === match?.[1]);
  if (!match || !folderKnown)
    throw badRequest('Invalid field "src": it must be the address of a description image.');
  await removeFile(await resolveInside(imagesDir, match[1]!, match[2]!, 'description', match[3]!));
}

export function descriptionDir(imagesDir: string, shop: ShopKey, id: number): Promise<SafePath> {
  return resolveInside(imagesDir, SHOPS[shop].imageFolder, String(id), 'description');
}
