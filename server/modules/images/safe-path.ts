/**
 * The one way a path that comes from a request reaches the disk (docs/architecture.md §6). A path is resolved below a
 * root and refused when it would leave the root, when any existing part below the root is a symbolic
 * link, or when its real path is outside the root. Only this server writes below the roots, and it never
 * makes links, so a link there was put in by hand or came with a restored backup; following it would let
 * a request read, overwrite or delete files anywhere the server can reach. The root itself may be a link
 * (a mounted volume, /tmp on macOS): the operator chose it, not a request.
 *
 * Each check runs just before the file is used. Someone with a shell on the server who swaps a folder for
 * a link between the two could still race it; a request cannot, because no request can make a link.
 */
import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { badRequest, HttpError } from '../../http/errors.js';

declare const checked: unique symbol;
/** An absolute path below a real root, none of whose existing parts is a symbolic link. */
export type SafePath = string & { readonly [checked]: true };

const OUTSIDE = 'That file path is outside the image store.';
const THROUGH_LINK = 'That file path goes through a symbolic link, which the image store does not follow.';

/** Missing, or below something that is not a folder: the path does not exist (yet). */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

async function lstatIfExists(file: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(file);
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

const isInside = (root: string, target: string) => target === root || target.startsWith(root + path.sep);

/** The lexical check alone: `parts` resolved below `root`, refusing `..`, absolute parts and NUL bytes. */
export function confined(root: string, ...parts: string[]): string {
  const resolvedRoot = path.resolve(root);
  if (parts.some((part) => part.includes('\0'))) throw badRequest(OUTSIDE);
  const target = path.resolve(resolvedRoot, ...parts);
  if (!isInside(resolvedRoot, target)) throw badRequest(OUTSIDE);
  return target;
}

async function realRootOf(root: string): Promise<string> {
  try {
    return await fs.realpath(root);
  } catch (error) {
    // A root that does not exist yet has nothing below it that could be a link.
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return path.resolve(root);
    throw error;
  }
}

/**
 * Resolves `parts` below `root` (a configured folder, or a SafePath already checked) and checks the disk:
 * every existing part below the root must be a real file or folder, and the real path of what exists
 * must stay inside the root's real path. Parts that do not exist yet are fine: mkdir makes real folders.
 * Throws 400 with a sentence otherwise.
 */
export async function resolveInside(root: string, ...parts: string[]): Promise<SafePath> {
  const realRoot = await realRootOf(root);
  const target = confined(realRoot, ...parts);
  let deepest = realRoot;
  for (const part of path.relative(realRoot, target).split(path.sep).filter(Boolean)) {
    const next = path.join(deepest, part);
    const stat = await lstatIfExists(next);
    if (!stat) break;
    if (stat.isSymbolicLink()) throw badRequest(THROUGH_LINK);
    deepest = next;
  }
  // Also catches a part that became a link while the loop above walked past it.
  if (deepest !== realRoot && !isInside(realRoot, await realRootOf(deepest))) throw badRequest(OUTSIDE);
  return target as SafePath;
}

/**
 * For serving: the path, relative to `root`, of the regular file `parts` name, or undefined when there is
 * none or the path is refused (the caller answers 404 either way, so a link looks like a missing file).
 */
export async function servableFile(root: string, ...parts: string[]): Promise<string | undefined> {
  let file: SafePath;
  try {
    file = await resolveInside(root, ...parts);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
  const stat = await lstatIfExists(file);
  if (!stat?.isFile()) return undefined;
  return path
    .relative(await realRootOf(root), file)
    .split(path.sep)
    .join('/');
}

/**
 * True when `file` is a regular file: not missing, not a folder and not a link. Only its last part is
 * looked at, so pass a SafePath or a fixed name inside one.
 */
export async function isRegularFile(file: string): Promise<boolean> {
  return (await lstatIfExists(file))?.isFile() ?? false;
}

/** Deletes a regular file; anything else (missing, a folder, a link) is left alone. True if it deleted. */
export async function removeFile(file: SafePath): Promise<boolean> {
  if (!(await isRegularFile(file))) return false;
  await fs.unlink(file);
  return true;
}

/**
 * Deletes a real folder and everything in it. Links inside are removed as links: fs.rm never follows
 * them into what they point to (images.test.ts checks this).
 */
export async function removeFolder(dir: SafePath): Promise<void> {
  const stat = await lstatIfExists(dir);
  if (!stat?.isDirectory()) return;
  await fs.rm(dir, { recursive: true, force: true });
}
