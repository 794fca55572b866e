/**
 * Smaller copies of product images, so a phone fetches a card picture a few hundred pixels wide instead
 * of the full image. Made with sharp on first request, in a width from IMAGE_VARIANT_WIDTHS only, and
 * kept under DATA_DIR/image-variants/{folder}/{id}/{width}/{n}.webp. Both paths go through safe-path.ts.
 *
 * A copy is stamped with its source's change time (its mtime is set to the source's ctime): writing,
 * replacing or renumbering a gallery image (a rename) gives the source a newer ctime, so a copy made
 * from an earlier file is seen as stale and made again. No gallery change has to know about the copies.
 * Copies of deleted products stay on disk until DATA_DIR/image-variants is cleared (any time is safe).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../http/errors.js';
import { resolveInside, type SafePath } from './safe-path.js';

export const VARIANTS_FOLDER = 'image-variants';

/** The stamp is a Date, whole milliseconds; the slack covers the fraction of the ctime it drops. */
const STAMP_SLACK_MS = 1;

async function regularFileStats(file: SafePath): Promise<Stats | undefined> {
  try {
    const stats = await fs.lstat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** resolveInside for serving: a refused path (a link, outside the root) is treated as missing. */
async function servablePath(root: string, parts: string[]): Promise<SafePath | undefined> {
  try {
    return await resolveInside(root, ...parts);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

async function makeVariant(source: SafePath, target: SafePath, width: number, stamp: Date): Promise<boolean> {
  let data: Buffer;
  try {
    // From the bytes, not the path: libvips caches decoded files by name, and would resize the image a
    // replaced or renumbered file used to hold.
    data = await sharp(await fs.readFile(source), { failOn: 'error' })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    // A file that is not a readable image is no more servable in a smaller size than a missing one.
    return false;
  }
  await fs.mkdir(path.dirname(target), { recursive: true });
  // A cache: no fsync, but a temporary name and a rename, so a reader never sees half a file.
  const temp = `${target}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, data, { flag: 'wx' });
  await fs.utimes(temp, stamp, stamp);
  await fs.rename(temp, target);
  return true;
}

const inFlight = new Map<string, Promise<boolean>>();

/**
 * The variant of /images/{folder}/{id}/{file} at `width`, made now if missing or stale: its path relative
 * to `variantsDir`, or undefined when there is no such image (missing, refused or unreadable).
 */
export async function productImageVariant(
  imagesDir: string,
  variantsDir: string,
  parts: { folder: string; id: number; width: number; file: string },
): Promise<string | undefined> {
  const { folder, id, width, file } = parts;
  const source = await servablePath(imagesDir, [folder, String(id), file]);
  const sourceStats = source && (await regularFileStats(source));
  if (!source || !sourceStats) return undefined;
  await fs.mkdir(variantsDir, { recursive: true });
  const relative = [folder, String(id), String(width), file];
  const target = await servablePath(variantsDir, relative);
  if (!target) return undefined;

  const current = await regularFileStats(target);
  if (!current || current.mtimeMs < sourceStats.ctimeMs - STAMP_SLACK_MS) {
    // Several requests for one new variant (a page of cards) share one encoding.
    let making = inFlight.get(target);
    if (!making) {
      making = makeVariant(source, target, width, new Date(sourceStats.ctimeMs)).finally(() =>
        inFlight.delete(target),
      );
      inFlight.set(target, making);
    }
    if (!(await making)) return undefined;
  }
  return relative.join('/');
}
