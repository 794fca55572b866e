/**
 * GET /api/products, the whole list of a shop (full-list.ts), on catalogues of several keyset pages: the
 * same bytes as the response schema serializes the list to (what the route answered before it was built
 * in pages), in br, gzip or plain JSON; one build per catalogue state shared by every request in it; a
 * change shows in the next answer; a failing database is an error answer; and other requests are
 * answered while a list is being built.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin, OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListResponseSchema, type ProductSummary } from '../../../shared/schemas/catalog.js';
import { SHOPS, type ShopKey } from '../../../shared/shops.js';
import { buildApp } from '../../app.js';
import type { NewProductRow } from '../../db/types.js';
import { productRow } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { LIST_PAGE_ROWS } from './full-list.js';
import { conditionsByProduct, presentProductSummary } from './presenter.js';
import { categoryMap } from './service.js';
import { foldForSearch } from './repository.js';

/** Text a serializer could get wrong: quotes, backslashes, markup, line separators, emoji, a lone surrogate. */
const AWKWARD = [
  'say "hi"',
  'C:\\path\\',
  '</script><b>',
  'line\u2028break\u2029',
  'emoji 🛒',
  'half \ud800',
];
/** Category names that are Object.prototype members (hostile-names.test.ts). */
const CATEGORIES = ['Audio', '__proto__', 'constructor', 'Kitchen'];

/** Two full pages and a part: every page boundary is crossed. Ids have gaps, as deletions leave. */
const PRODUCTS = LIST_PAGE_ROWS * 2 + 345;
const idOf = (index: number) => 1 + index * 2 + (index % 5 === 0 ? 1 : 0);

/** Equal texts, or a failure that shows where they part instead of megabytes of both. */
function expectSameText(actual: string, expected: string): void {
  if (actual === expected) return;
  let at = 0;
  while (at < actual.length && actual[at] === expected[at]) at += 1;
  expect({ length: actual.length, from: at, text: actual.slice(at, at + 200) }).toEqual({
    length: expected.length,
    from: at,
    text: expected.slice(at, at + 200),
  });
}

function catalogueRows(shop: ShopKey): NewProductRow[] {
  return Array.from({ length: PRODUCTS }, (_, index) => {
    const title = `${AWKWARD[index % AWKWARD.length]} ${shop} ${index}`;
    return {
      ...productRow(shop, idOf(index), {
        title,
        main_category: CATEGORIES[index % CATEGORIES.length]!,
        category: `${CATEGORIES[(index + 1) % CATEGORIES.length]!} ${index % 5}`,
        price_cents: (index * 37) % 100_000,
        typical_price_cents: index % 3 === 0 ? (index * 41) % 120_000 : 0,
        rate: index % 6,
        availability: index % 10 === 0 ? 'NO' : 'YES',
        view_count: (index * 13) % 5000,
        image_count: index % 4,
        store: shop === 'ayz' ? `Store ${index % 3}` : '',
      }),
      title_folded: foldForSearch(title),
    };
  });
}

/** Open-box conditions: none, some or all four, with prices and stock that vary. */
function conditionRows(rows: readonly NewProductRow[]) {
  return rows.flatMap((row, index) =>
    ['acceptable', 'good', 'verygood', 'excellent'].slice(0, index % 5).map((condition, c) => ({
      shop: row.shop,
      product_id: row.id,
      condition,
      price_cents: (index * 11 + c * 500) % 90_000,
      available_quantity: (index + c) % 4,
    })),
  );
}

/** Is this a read of the products table in id order (the list's reads, before and after paging)? */
function isListRead(node: OperationNode): boolean {
  if (node.kind !== 'SelectQueryNode' || !('from' in node) || !('orderBy' in node) || !node.orderBy)
    return false;
  const from = node.from as
    { froms: { kind: string; table?: { identifier: { name: string } } }[] } | undefined;
  return from?.froms.some((table) => table.table?.identifier.name === 'products') ?? false;
}

/** Watches an app's list reads: counts them, can fail them, tells when one has been answered. */
function listReadWatcher() {
  /** The shop each list read in flight is for. */
  const reads = new Map<unknown, string>();
  const watcher = {
    answered: 0,
    /** The shop of every list read answered, in order. */
    shops: [] as string[],
    fail: false,
    onAnswered: undefined as (() => void) | undefined,
    plugin: {
      transformQuery: (args) => {
        if (isListRead(args.node)) {
          reads.set(
            args.queryId,
            /"value":"(default|ayz|pc|smart)"/.exec(JSON.stringify(args.node))?.[1] ?? '?',
          );
        }
        return args.node;
      },
      transformResult: async (args) => {
        const shop = reads.get(args.queryId);
        if (shop === undefined) return args.result;
        reads.delete(args.queryId);
        if (watcher.fail) throw new Error('The database went away.');
        watcher.answered += 1;
        watcher.shops.push(shop);
        watcher.onAnswered?.();
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return watcher;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

/** A GET over real HTTP; the body as it came, not inflated. */
function httpGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            raw: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function plainText({ headers, raw }: Answer): string {
  const coding = headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  expect(coding).toBeUndefined();
  return raw.toString('utf8');
}

describe.each(TEST_DIALECTS)('the full product list on %s', (dialect) => {
  let t: TestApp;
  /** A second app (another process) over the same database, whose list reads are watched. */
  let watched: FastifyInstance;
  let base: string;
  const watcher = listReadWatcher();

  /** The list as the route answered it before paging: the whole list read at once, through the schema's serializer. */
  async function expectedList(shop: ShopKey): Promise<string> {
    const rows = await t.handle.db
      .selectFrom('products')
      .selectAll()
      .where('shop', '=', shop)
      .orderBy('id')
      .execute();
    const conditions = conditionsByProduct(
      await t.handle.db.selectFrom('product_conditions').selectAll().where('shop', '=', shop).execute(),
    );
    const products = rows.map((row) => presentProductSummary(row, conditions.get(row.id)));
    const list = SHOPS[shop].listIncludesCategories
      ? { products, categories: await categoryMap(t.handle.db, shop) }
      : products;
    return JSON.stringify(productListResponseSchema.encode(list));
  }

  const productsOf = (text: string): ProductSummary[] => {
    const parsed = JSON.parse(text) as ProductSummary[] | { products: ProductSummary[] };
    return Array.isArray(parsed) ? parsed : parsed.products;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (const shop of ['default', 'ayz', 'pc', 'smart'] as const) {
      const rows = catalogueRows(shop);
      for (let start = 0; start < rows.length; start += 500) {
        await t.handle.db
          .insertInto('products')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      const conditions = SHOPS[shop].sells === 'on-site' ? conditionRows(rows) : [];
      for (let start = 0; start < conditions.length; start += 500) {
        await t.handle.db
          .insertInto('product_conditions')
          .values(conditions.slice(start, start + 500))
          .execute();
      }
    }
    watched = await buildApp(
      { ...t.app.deps, db: t.handle.db.withPlugin(watcher.plugin) },
      { serveClient: false, orderSweepMs: 0 },
    );
    await watched.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(watched.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await watched?.close();
    await t?.close();
  });

  it.each([
    ['default', 'an array'],
    ['ayz', 'an array of open-box products with their conditions'],
    ['pc', 'the products with the category map'],
    ['smart', 'the products with the category map'],
  ] as [ShopKey, string][])(
    'answers the %s list (%s) with the bytes the schema serializes it to, across pages',
    async (shop, _shape) => {
      const expected = await expectedList(shop);
      const answer = await httpGet(base, `/api/products?shop=${shop}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      const text = plainText(answer);
      expectSameText(text, expected);

      const products = productsOf(text);
      expect(products).toHaveLength(PRODUCTS);
      expect(products.map((product) => product.id)).toEqual(
        Array.from({ length: PRODUCTS }, (_, i) => idOf(i)),
      );
      // One product spelled out, so the comparison above is not only the presenter against itself.
      const sample = products[LIST_PAGE_ROWS]!;
      expect(sample).toMatchObject({ id: idOf(LIST_PAGE_ROWS), view_count: (LIST_PAGE_ROWS * 13) % 5000 });
      expect(sample.title).toBe(`${AWKWARD[LIST_PAGE_ROWS % AWKWARD.length]} ${shop} ${LIST_PAGE_ROWS}`);
      if (shop === 'ayz') {
        // Index 1004: conditions acceptable through verygood (1004 % 5 = 4 → all four).
        const openbox = products[1004]!;
        expect(openbox).toMatchObject({
          kind: 'openbox',
          store: 'Store 2',
          acceptable_condition_price: (((1004 * 11) % 90_000) / 100).toFixed(2),
          excellent_condition_available_quantity: (1004 + 3) % 4,
        });
      }
      if (SHOPS[shop].listIncludesCategories) {
        const categories = (JSON.parse(text) as { categories: Record<string, string[]> }).categories;
        expect(Object.keys(categories).sort()).toEqual([...CATEGORIES].sort());
        expect(Object.hasOwn(categories, '__proto__')).toBe(true);
      }
    },
  );

  it('answers br, gzip and plain JSON, the same list in each, while building and once built', async () => {
    // A change first, so this state has no build yet.
    await t.handle.db
      .updateTable('products')
      .set({ title: 'Encoded' })
      .where('shop', '=', 'ayz')
      .where('id', '=', idOf(0))
      .execute();
    const expected = await expectedList('ayz');
    const url = '/api/products?shop=ayz';
    const asked = {
      br: { 'accept-encoding': 'gzip, deflate, br' },
      gzip: { 'accept-encoding': 'gzip' },
      plain: {},
      identity: { 'accept-encoding': 'identity' },
      refusesBoth: { 'accept-encoding': 'br;q=0, gzip;q=0, deflate' },
    };
    const expectedCoding = {
      br: 'br',
      gzip: 'gzip',
      plain: undefined,
      identity: undefined,
      refusesBoth: undefined,
    };
    for (const round of ['building', 'built']) {
      const answers = await Promise.all(Object.values(asked).map((headers) => httpGet(base, url, headers)));
      Object.keys(asked).forEach((name, index) => {
        const answer = answers[index]!;
        expect({ round, name, status: answer.status, coding: answer.headers['content-encoding'] }).toEqual({
          round,
          name,
          status: 200,
          coding: expectedCoding[name as keyof typeof expectedCoding],
        });
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.headers.etag).toMatch(/^W\/".+"$/);
        expectSameText(plainText(answer), expected);
      });
      // Compressed for real: the list is a few hundred KB of JSON.
      expect(answers[0]!.raw.length * 4).toBeLessThan(Buffer.byteLength(expected));
    }
  });

  it('builds a list once for every request in the same catalogue state, then answers from its bytes', async () => {
    const onePass = Math.ceil((PRODUCTS + 1) / LIST_PAGE_ROWS);
    // The state includes a 10 s views window: a burst that straddles its edge builds twice, so then
    // try again, in a state of its own (a new version) each time.
    for (let attempt = 1; ; attempt += 1) {
      await t.handle.db
        .updateTable('products')
        .set({ title: `Shared ${attempt}` })
        .where('shop', '=', 'default')
        .where('id', '=', idOf(0))
        .execute();
      const before = watcher.answered;
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          httpGet(base, '/api/products?shop=default', { 'accept-encoding': 'br' }),
        ),
      );
      const repeat = await httpGet(base, '/api/products?shop=default', { 'accept-encoding': 'br' });
      const tags = new Set([...answers, repeat].map((answer) => answer.headers.etag));
      if (tags.size > 1 && attempt < 3) continue;
      expect(tags.size).toBe(1);
      expect(watcher.answered - before).toBe(onePass);
      for (const answer of [...answers, repeat]) expect(answer.raw.equals(repeat.raw)).toBe(true);
      expect(productsOf(plainText(repeat))[0]!.title).toBe(`Shared ${attempt}`);
      return;
    }
  });

  it('builds at most two lists at once: a third shop waits for a turn', async () => {
    for (const shop of ['default', 'ayz', 'smart'] as const) {
      await t.handle.db
        .updateTable('products')
        .set({ title: `Turn ${shop}` })
        .where('shop', '=', shop)
        .where('id', '=', idOf(0))
        .execute();
    }
    const from = watcher.shops.length;
    const answers = await Promise.all(
      ['default', 'ayz', 'smart'].map((shop) => httpGet(base, `/api/products?shop=${shop}`)),
    );
    for (const answer of answers) expect(productsOf(plainText(answer))[0]!.title).toMatch(/^Turn /);
    const reads = watcher.shops.slice(from);
    const span = (shop: string) => [reads.indexOf(shop), reads.lastIndexOf(shop)] as const;
    const [first, second, third] = ['default', 'ayz', 'smart'].map(span).sort((a, b) => a[0] - b[0]);
    // Every build read something, and the last to start began only after one of the others ended.
    expect(first![0]).toBeGreaterThanOrEqual(0);
    expect(third![0]).toBeGreaterThan(Math.min(first![1], second![1]));
  });

  it('shows a change in the next answer and revalidates by catalogue version', async () => {
    // A 200 with another tag means the 10 s views window turned between the two: ask again.
    let first: Answer;
    let unchanged: Answer;
    let attempt = 0;
    do {
      attempt += 1;
      first = await httpGet(base, '/api/products?shop=pc');
      unchanged = await httpGet(base, '/api/products?shop=pc', {
        'if-none-match': String(first.headers.etag),
      });
    } while (unchanged.status === 200 && unchanged.headers.etag !== first.headers.etag && attempt < 3);
    expect(unchanged.status).toBe(304);

    // Written straight to the database, as another app process, the import or a script would.
    await t.handle.db
      .updateTable('products')
      .set({
        title: 'Renamed at the end',
        main_category: 'Brand new main',
        category: 'Brand new sub',
        price_cents: 150,
      })
      .where('shop', '=', 'pc')
      .where('id', '=', idOf(PRODUCTS - 1))
      .execute();
    await t.handle.db
      .deleteFrom('products')
      .where('shop', '=', 'pc')
      .where('id', '=', idOf(LIST_PAGE_ROWS))
      .execute();

    const changed = await httpGet(base, '/api/products?shop=pc', {
      'if-none-match': String(first.headers.etag),
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    const text = plainText(changed);
    expectSameText(text, await expectedList('pc'));
    const products = productsOf(text);
    expect(products).toHaveLength(PRODUCTS - 1);
    expect(products.at(-1)).toMatchObject({ title: 'Renamed at the end', price: '1.50' });
    expect(products.some((product) => product.id === idOf(LIST_PAGE_ROWS))).toBe(false);
    expect(
      (JSON.parse(text) as { categories: Record<string, string[]> }).categories['Brand new main'],
    ).toEqual(['Brand new sub']);
  });

  it('answers an error, not a cut-off list, when the database fails, and builds again next time', async () => {
    await t.handle.db
      .updateTable('products')
      .set({ title: 'Failing' })
      .where('shop', '=', 'smart')
      .where('id', '=', idOf(0))
      .execute();
    watcher.fail = true;
    let failed: Answer;
    try {
      failed = await httpGet(base, '/api/products?shop=smart');
    } finally {
      watcher.fail = false;
    }
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(JSON.parse(failed.raw.toString('utf8'))).toEqual({ error: expect.any(String) });
    expect(failed.headers.etag).toBeUndefined();

    const again = await httpGet(base, '/api/products?shop=smart');
    expect(again.status).toBe(200);
    expectSameText(plainText(again), await expectedList('smart'));
  });
});

describe.each(TEST_DIALECTS)('other requests while a large list is built on %s', (dialect) => {
  let t: TestApp;
  let watched: FastifyInstance;
  let base: string;
  const watcher = listReadWatcher();
  const PAGES = 12;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    for (let start = 1; start <= PAGES * LIST_PAGE_ROWS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const title = `Product ${start + i}`;
        return { ...productRow('default', start + i, { title }), title_folded: foldForSearch(title) };
      });
      await t.handle.db.insertInto('products').values(rows).execute();
    }
    watched = await buildApp(
      { ...t.app.deps, db: t.handle.db.withPlugin(watcher.plugin) },
      { serveClient: false, orderSweepMs: 0 },
    );
    await watched.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(watched.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await watched?.close();
    await t?.close();
  });

  it('answers /api/health and a product while the list is still reading the catalogue', async () => {
    let readsWhenOthersDone: number | undefined;
    let others: Promise<void> | undefined;
    // Issued once the list has read its first products: from then on the list is being built.
    watcher.onAnswered = () => {
      watcher.onAnswered = undefined;
      others = Promise.all([
        httpGet(base, '/api/health'),
        httpGet(base, '/api/products/7?shop=default'),
      ]).then(([health, product]) => {
        readsWhenOthersDone = watcher.answered;
        expect(health.status).toBe(200);
        expect(JSON.parse(product.raw.toString('utf8'))).toMatchObject({ id: 7, title: 'Product 7' });
      });
    };
    const before = watcher.answered;
    const list = await httpGet(base, '/api/products?shop=default');
    await others;
    expect(list.status).toBe(200);
    expect(JSON.parse(plainText(list))).toHaveLength(PAGES * LIST_PAGE_ROWS);
    // Answered before the list's last read of the catalogue, not after it (and so before the list).
    expect(readsWhenOthersDone! - before).toBeLessThan(watcher.answered - before);
  });
});
