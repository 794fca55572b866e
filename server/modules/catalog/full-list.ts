/**
 * GET /api/products (docs/product.md §7): a shop's whole product list, about 38 MB of JSON at 130,000
 * products, served without holding the event loop or the database for long (docs/architecture.md §5).
 *
 * A build reads the shop in keyset pages of LIST_PAGE_ROWS products, each its own short query (on
 * SQLite, whose one connection every request shares, other queries run between them), writes each page
 * as JSON text into a brotli and a gzip compressor (they run on libuv's threads), and lets the event
 * loop turn after each read and while each page is compressed. One build per shop and catalogue state
 * (freshness.ts: the version and the views window) serves every request in that state: requests
 * arriving while it runs follow it as it grows, later ones get its finished bytes in one write. The
 * process keeps only those compressed bytes (of the newest state per shop), never the products as
 * objects, and runs at most MAX_BUILDS_AT_ONCE builds at a time. A client that accepts neither br nor
 * gzip gets the gzip bytes inflated on the way.
 *
 * Pages are separate reads, as in the CSV export: a write committed while a list builds shows in the
 * pages read after it. It also bumps the catalogue version, so the next request gets a new build.
 */
import { Readable, pipeline } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { categoryMapSchema } from '../../../shared/schemas/catalog.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import type { Database } from '../../db/types.js';
import { BROTLI_OPTIONS, CODINGS, type ListCoding } from '../../http/precompressed.js';
import * as repo from './repository.js';
import { conditionsByProduct, presentProductSummary, productSummaryJson } from './presenter.js';
import { categoryMap } from './service.js';

type Db = Kysely<Database>;

/** Products read per query: a few milliseconds of the event loop each, on either database. */
export const LIST_PAGE_ROWS = 1000;
/** Full-list builds running at once in one process; more wait for a turn. */
const MAX_BUILDS_AT_ONCE = 2;

/** The list's JSON, as the response schema serializes it, a page at a time. */
async function* listJson(db: Db, shopKey: ShopKey): AsyncGenerator<string> {
  const shop = SHOPS[shopKey];
  let text = shop.listIncludesCategories ? '{"products":[' : '[';
  let afterId: number | undefined;
  for (;;) {
    const rows = await repo.findSummaryPage(db, shopKey, afterId, LIST_PAGE_ROWS);
    const lastId = rows.at(-1)?.id;
    if (lastId === undefined) break;
    const conditions =
      shop.sells === 'on-site'
        ? conditionsByProduct(await repo.findConditionsInIdRange(db, shopKey, afterId, lastId))
        : undefined;
    // Requests that came in during the read (on SQLite a synchronous one) go first; the caller's wait
    // for the compressors after each page is another turn.
    await nextTurn();
    const items = rows.map((row) => productSummaryJson(presentProductSummary(row, conditions?.get(row.id))));
    text += (afterId === undefined ? '' : ',') + items.join(',');
    yield text;
    text = '';
    afterId = lastId;
    if (rows.length < LIST_PAGE_ROWS) break;
  }
  if (shop.listIncludesCategories) {
    const categories = categoryMapSchema.encode(await categoryMap(db, shopKey));
    text += `],"categories":${JSON.stringify(categories)}}`;
  } else {
    text += ']';
  }
  yield text;
}

/** The compressed bytes of one list, growing while it is built; followed by every request in its state. */
class ListBuild {
  /** Settles when the first page has been read: a failure before then is the request's error answer. */
  readonly started: Promise<void>;
  /** Each coding's bytes so far; once finished, each in one buffer. */
  private readonly chunks: Record<ListCoding, Buffer[]> = { br: [], gzip: [] };
  private finished = false;
  private failure: Error | undefined;
  private begin!: () => void;
  private refuse!: (error: Error) => void;
  private wake!: () => void;
  private progress!: Promise<void>;

  constructor(readonly state: string) {
    this.started = new Promise<void>((resolve, reject) => {
      this.begin = resolve;
      this.refuse = reject;
    });
    // Awaited by the requests; a build nobody waits on must not be an unhandled rejection.
    this.started.catch(() => undefined);
    this.nextProgress();
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  get error(): Error | undefined {
    return this.failure;
  }

  /** The body for one coding: the finished bytes, or a stream that follows the build to its end. */
  body(coding: ListCoding): Buffer | Readable {
    const [whole] = this.chunks[coding];
    if (this.finished && whole) return whole;
    return Readable.from(this.follow(coding), { objectMode: false });
  }

  markStarted(): void {
    this.begin();
  }

  push(coding: ListCoding, chunk: Buffer): void {
    this.chunks[coding].push(chunk);
    this.announce();
  }

  finish(): void {
    // Followers keep reading the lists they started on; the build holds one copy from now on.
    for (const coding of CODINGS) this.chunks[coding] = [Buffer.concat(this.chunks[coding])];
    this.finished = true;
    this.announce();
  }

  fail(error: Error): void {
    this.failure = error;
    this.refuse(error);
    this.announce();
  }

  private nextProgress(): void {
    this.progress = new Promise((resolve) => (this.wake = resolve));
  }

  private announce(): void {
    const wake = this.wake;
    this.nextProgress();
    wake();
  }

  private async *follow(coding: ListCoding): AsyncGenerator<Buffer> {
    const chunks = this.chunks[coding];
    let next = 0;
    for (;;) {
      while (next < chunks.length) yield chunks[next++]!;
      if (this.failure) throw this.failure;
      if (this.finished) return;
      await this.progress;
    }
  }
}

/** The flush that makes a compressor emit what it has without ending its stream or dropping its dictionary. */
const FLUSH = {
  br: zlib.constants.BROTLI_OPERATION_FLUSH,
  gzip: zlib.constants.Z_SYNC_FLUSH,
} as const;

/**
 * Compresses one page and emits it, so followers receive the list as it grows (a compressor alone
 * would hold back a megabyte or more). Waiting for it keeps one page of text in memory, not the list.
 */
async function writePage(
  stream: zlib.Gzip | zlib.BrotliCompress,
  coding: ListCoding,
  text: string,
): Promise<void> {
  stream.write(text);
  await new Promise<void>((resolve, reject) =>
    stream.flush(FLUSH[coding], (error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

async function end(stream: zlib.Gzip | zlib.BrotliCompress): Promise<void> {
  stream.end();
  await once(stream, 'end');
}

async function runBuild(db: Db, shopKey: ShopKey, build: ListBuild): Promise<void> {
  const compressors = {
    br: zlib.createBrotliCompress(BROTLI_OPTIONS),
    gzip: zlib.createGzip(),
  };
  for (const coding of CODINGS) {
    compressors[coding].on('data', (chunk: Buffer) => build.push(coding, chunk));
    // A compressor's error reaches writePage or end as well; without a listener it would end the process.
    compressors[coding].on('error', () => undefined);
  }
  try {
    for await (const text of listJson(db, shopKey)) {
      build.markStarted();
      await Promise.all(CODINGS.map((coding) => writePage(compressors[coding], coding, text)));
    }
    await Promise.all(CODINGS.map((coding) => end(compressors[coding])));
    build.finish();
  } catch (error) {
    for (const coding of CODINGS) compressors[coding].destroy();
    build.fail(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A queue of turns: at most `size` holders at once, the others wait in arrival order. */
class Turns {
  private holders = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async take(): Promise<() => void> {
    if (this.holders >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.holders += 1;
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.holders -= 1;
    };
  }
}

export interface FullListAnswer {
  /** br or gzip; undefined for the plain JSON. */
  coding: ListCoding | undefined;
  body: Buffer | Readable;
}

/** The full lists of one app (one process): per shop, the build of the newest catalogue state asked for. */
export function createFullLists(db: Db, log: FastifyBaseLogger) {
  const newest = new Map<ShopKey, ListBuild>();
  const turns = new Turns(MAX_BUILDS_AT_ONCE);

  function buildFor(shopKey: ShopKey, state: string): ListBuild {
    const current = newest.get(shopKey);
    if (current?.state === state && !current.failed) return current;
    const build = new ListBuild(state);
    newest.set(shopKey, build);
    void (async () => {
      const done = await turns.take();
      try {
        await runBuild(db, shopKey, build);
      } finally {
        done();
      }
      if (!build.error) return;
      // Once per build, however many requests followed it; the next request starts a new one.
      log.error({ err: build.error, shop: shopKey }, 'Building the full product list failed.');
      if (newest.get(shopKey) === build) newest.delete(shopKey);
    })();
    return build;
  }

  /**
   * The list of `shopKey` in catalogue state `state`, in `coding` (undefined: plain JSON). Waits for
   * the build's first page, so a database that cannot answer is this request's error, not a cut-off 200.
   */
  async function answer(
    shopKey: ShopKey,
    state: string,
    coding: ListCoding | undefined,
  ): Promise<FullListAnswer> {
    const build = buildFor(shopKey, state);
    await build.started;
    const body = build.body(coding ?? 'gzip');
    if (coding) return { coding, body };
    const source = Buffer.isBuffer(body) ? Readable.from([body], { objectMode: false }) : body;
    // An error on either side ends the answer (the client sees a cut-off body); the build logs its own.
    return { coding, body: pipeline(source, zlib.createGunzip(), () => undefined) };
  }

  return { answer };
}

export function sendFullList(reply: FastifyReply, { coding, body }: FullListAnswer): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (coding) reply.header('content-encoding', coding);
  return reply.send(body);
}
