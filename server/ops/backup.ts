/**
 * `npm run backup -- --out <dir>` and `npm run restore -- <backup folder> [--force]`.
 *
 * A backup is a new dated folder holding `shop.db` (SQLite's online backup API: a consistent copy
 * taken while the shop keeps running and writing), every other file of DATA_DIR (pictures, chat
 * uploads, generated secrets) and `manifest.json` (when, from where, what it holds). With PostgreSQL
 * the database is backed up with pg_dump (docs/operations.md) and only the files are copied here.
 * Runs from the production build (`dist/`), with the server's own DATA_DIR / DATABASE_URL.
 */
import '../../shared/zodConfig.js';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { loadConfig } from '../config.js';

const DATABASE_FILE = 'shop.db';
/** SQLite's companions of a live database file: never copied as files, the backup API covers them. */
const LIVE_DATABASE_FILES = new Set([DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]);
const MANIFEST = 'manifest.json';

export interface Manifest {
  createdAt: string;
  source: string;
  database: 'sqlite' | 'postgresql (not included: use pg_dump)';
  counts?: { products: number; orders: number; chatMessages: number };
  files: number;
}

export class OperatorError extends Error {}

function folderName(now: Date): string {
  return `storefront-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

/** Copies DATA_DIR's files (not the live database) into `target`; returns how many. */
function copyFiles(source: string, target: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    if (LIVE_DATABASE_FILES.has(entry.name) || entry.name.endsWith('.tmp')) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(to, { recursive: true });
      count += copyFiles(from, to);
    } else if (entry.isFile()) {
      // A picture being written right now may vanish before it is copied (a replaced upload).
      try {
        fs.copyFileSync(from, to);
        fs.chmodSync(to, fs.statSync(from).mode & 0o777);
        count += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return count;
}

function countRows(file: string): Manifest['counts'] {
  const db = new Database(file, { readonly: true });
  try {
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { products: count('products'), orders: count('orders'), chatMessages: count('chat_messages') };
  } finally {
    db.close();
  }
}

/** Writes a backup of the shop whose configuration `env` gives into a new folder in `outDir`. */
export async function backup(env: NodeJS.ProcessEnv, outDir: string, now = new Date()): Promise<string> {
  const config = loadConfig(env);
  const databaseFile = path.join(config.dataDir, DATABASE_FILE);
  if (!config.DATABASE_URL && !fs.existsSync(databaseFile)) {
    throw new OperatorError(`There is no shop database at ${databaseFile}: check DATA_DIR.`);
  }
  let folder = path.join(path.resolve(outDir), folderName(now));
  for (let n = 2; fs.existsSync(folder); n += 1)
    folder = path.join(path.resolve(outDir), `${folderName(now)}-${n}`);
  fs.mkdirSync(folder, { recursive: true });

  let counts: Manifest['counts'];
  if (!config.DATABASE_URL) {
    const source = new Database(databaseFile, { fileMustExist: true });
    try {
      // All remaining pages in one step after the first: a write by the running shop between steps
      // restarts the copy, and one step cannot be interrupted, so the copy always finishes.
      await source.backup(path.join(folder, DATABASE_FILE), { progress: () => 1_000_000_000 });
    } finally {
      source.close();
    }
    counts = countRows(path.join(folder, DATABASE_FILE));
  }
  const files = copyFiles(config.dataDir, folder);
  const manifest: Manifest = {
    createdAt: now.toISOString(),
    source: config.dataDir,
    database: config.DATABASE_URL ? 'postgresql (not included: use pg_dump)' : 'sqlite',
    ...(counts ? { counts } : {}),
    files,
  };
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return folder;
}

/** Puts a backup folder back as the DATA_DIR of `env`; refuses to replace a shop without `force`. */
export function restore(env: NodeJS.ProcessEnv, backupFolder: string, force: boolean): string {
  const config = loadConfig(env);
  const from = path.resolve(backupFolder);
  if (!fs.existsSync(path.join(from, MANIFEST))) {
    throw new OperatorError(`${from} is not a backup folder: it has no ${MANIFEST}.`);
  }
  const target = config.dataDir;
  const occupied = fs.existsSync(target) && fs.readdirSync(target).length > 0;
  if (occupied && !force) {
    throw new OperatorError(
      `${target} already holds data: stop the shop and run the restore again with --force to replace it.`,
    );
  }
  if (occupied)
    for (const entry of fs.readdirSync(target)) fs.rmSync(path.join(target, entry), { recursive: true });
  fs.mkdirSync(target, { recursive: true });
  const files = copyFiles(from, target);
  fs.rmSync(path.join(target, MANIFEST));
  if (fs.existsSync(path.join(from, DATABASE_FILE)))
    fs.copyFileSync(path.join(from, DATABASE_FILE), path.join(target, DATABASE_FILE));
  return `Restored ${from} into ${target} (${files - 1} files${fs.existsSync(path.join(from, DATABASE_FILE)) ? ' and the database' : ''}).`;
}

function fail(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

/** The command line: `backup --out <dir>` or `restore <folder> [--force]`. */
async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  if (command === 'backup') {
    const at = args.indexOf('--out');
    const out = at >= 0 ? args[at + 1] : undefined;
    if (!out) throw new OperatorError('Say where to write the backup: npm run backup -- --out <folder>');
    const config = loadConfig(process.env);
    if (config.DATABASE_URL) {
      console.log(
        'The database is PostgreSQL: back it up with pg_dump (docs/operations.md). Copying the files only.',
      );
    }
    console.log(await backup(process.env, out));
  } else if (command === 'restore') {
    const folder = args.find((arg) => !arg.startsWith('--'));
    if (!folder)
      throw new OperatorError('Say which backup to restore: npm run restore -- <backup folder> [--force]');
    console.log(restore(process.env, folder, args.includes('--force')));
  } else {
    throw new OperatorError('Usage: backup.js backup --out <folder> | restore <backup folder> [--force]');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch(fail);
}
