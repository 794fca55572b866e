import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct, conditions, SHIPPING } from '../../test/fixtures.js';
import {
  adminHeaders,
  buyerHeaders,
  createTestApp,
  TEST_DIALECTS,
  type TestApp,
} from '../../test/harness.js';
import { importProducts } from './csv.js';

/** Collects the app's log lines (JSON) and waits for the next one with a given message. */
function logLines() {
  const waiting: { msg: string; resolve: () => void }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) {
        const { msg } = JSON.parse(text) as { msg?: string };
        for (const wait of waiting.filter((w) => w.msg === msg)) wait.resolve();
      }
      done();
    },
  });
  /** Resolves at the next line with this message; fails after 10 s (it never came). */
  const next = (msg: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${msg}" log line within 10 s`)), 10_000);
      const wait = {
        msg,
        resolve: () => {
          clearTimeout(timer);
          waiting.splice(waiting.indexOf(wait), 1);
          resolve();
        },
      };
      waiting.push(wait);
    });
  return { stream, next };
}

describe.each(TEST_DIALECTS)('CSV export and import on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const log = logLines();
  const db = () => t.handle.db;
  const exportCsv = async (shop: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/export?shop=${shop}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${shop}-products-`),
    );
    return response.body;
  };
  const importCsv = async (shop: string, csv: string | Buffer, dryRun: boolean, auth = true) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/import?shop=${shop}&dryRun=${dryRun}`,
      headers: { ...(auth ? headers : {}), 'content-type': 'text/csv' },
      payload: csv,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const snapshot = async () => ({
    products: await db().selectFrom('products').selectAll().orderBy('shop').orderBy('id').execute(),
    conditions: await db()
      .selectFrom('product_conditions')
      .selectAll()
      .orderBy('shop')
      .orderBy('product_id')
      .orderBy('condition')
      .execute(),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'debug' }, { logStream: log.stream });
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await db().deleteFrom('products').execute();
    await addProduct(db(), 'default', 1, {
      title: 'Lamp, "warm"',
      description: '<p>Line one</p>\n<p>Line <strong>two</strong></p>',
      price_cents: 2450,
      typical_price_cents: 3000,
      rate: 4,
      image_count: 2,
    });
    await addProduct(db(), 'default', 2, {
      title: '=HYPERLINK("https://evil.example","Écran")',
      category: '-20% deals',
      main_category: "'=literally",
      availability: 'NO',
      image_count: 0,
    });
    // Every character a spreadsheet starts a formula with, each at the start of a description.
    for (const [offset, start] of [
      '+',
      '@',
      '\t',
      '\r',
      '\uFF1D',
      '\uFF0B',
      '\uFF0D',
      '\uFF20',
      "'+",
    ].entries()) {
      await addProduct(db(), 'default', 10 + offset, { description: `${start}1+1 <b>x</b>`, image_count: 0 });
    }
    await addProduct(
      db(),
      'ayz',
      7,
      { title: 'Open lamp', store: 'AYZ', link: '', rate: 0 },
      conditions([1001, 1], [0, 0], [2999, 3], [500, 0]),
    );
  });

  it('exports a shop with its own columns, quoting commas, quotes and newlines', async () => {
    const csv = await exportCsv('default');
    const [header] = csv.split('\n');
    expect(header).toBe(
      'id,updated_at,clicks_30d,clicks_per_view,title,main_category,category,price,typical_price,rate,availability,link,image_urls,description',
    );
    const lamp = await db()
      .selectFrom('products')
      .select('updated_at')
      .where('shop', '=', 'default')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    // Each row carries its product's version, the updated_at an import compares.
    expect(csv).toContain(
      `1,${lamp.updated_at},0,,"Lamp, ""warm""",Main,Sub,24.50,30.00,4,YES,https://retailer.example/p/1,`,
    );
    expect(csv).toContain(
      'http://localhost:80/images/Products/1/1.webp http://localhost:80/images/Products/1/2.webp',
    );
    // A spreadsheet must not run a cell as a formula (CSV injection): such cells start with '.
    expect(csv).toMatch(
      /\n2,[^,]+,0,,"'=HYPERLINK\(""https:\/\/evil\.example"",""Écran""\)",''=literally,'-20% deals,/,
    );
    const openbox = await exportCsv('ayz');
    expect(openbox.split('\n')[0]).toContain(
      'acceptable_condition_price,acceptable_condition_available_quantity',
    );
    expect(openbox).toMatch(/\n7,[^,]+,Open lamp,Main,Sub,AYZ,/);
  });

  it('round-trips: importing an export finds every row unchanged and writes nothing', async () => {
    for (const shop of ['default', 'ayz']) {
      const before = await exportCsv(shop);
      const rows = await snapshot();
      const result = await importCsv(shop, before, false);
      expect(result).toEqual({
        status: 200,
        body: { created: 0, updated: 0, unchanged: shop === 'ayz' ? 1 : 11, errors: [], imageLinks: [] },
      });
      expect(await exportCsv(shop)).toBe(before);
      const after = await snapshot();
      expect(after).toEqual(rows);
    }
  });

  it('a dry run reports what would change and writes nothing', async () => {
    const before = await snapshot();
    const csv =
      'id,title,main_category,category,price\n1,Lamp renamed,Main,Sub,19.99\n,Brand new,Home,Desk,5\n9,Also new,Home,Desk,7\n';
    const result = await importCsv('default', csv, true);
    expect(result).toEqual({
      status: 200,
      body: { created: 2, updated: 1, unchanged: 0, errors: [], imageLinks: [] },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('applies a good file: updates keep the columns the file leaves out, new rows take the next ids (after 18)', async () => {
    const csv =
      'id,title,main_category,category,price,image_urls\n1,Lamp renamed,Main,Sub,19.99,\n,Brand new,Home,Desk,5,https://cdn.example/a.jpg https://cdn.example/b.jpg\n';
    // The shop's cached answer is read first: the import must invalidate it (one bump, at the end).
    const shown = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/catalog?shop=default&q=renamed' })).json().total;
    expect(await shown()).toBe(0);
    const result = await importCsv('default', csv, false);
    expect(await shown()).toBe(1);
    expect(result.body).toEqual({
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [],
      imageLinks: [{ id: 19, links: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg'] }],
    });
    const one = await db()
      .selectFrom('products')
      .selectAll()
      .where('shop', '=', 'default')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(one).toMatchObject({
      title: 'Lamp renamed',
      price_cents: 1999,
      typical_price_cents: 3000,
      rate: 4,
    });
    expect(one.description).toContain('Line <strong>two</strong>');
    const added = await db()
      .selectFrom('products')
      .selectAll()
      .where('shop', '=', 'default')
      .where('id', '=', 19)
      .executeTakeFirstOrThrow();
    expect(added).toMatchObject({
      title: 'Brand new',
      price_cents: 500,
      main_category: 'Home',
      image_count: 0,
    });
  });

  it('rolls the whole file back when one row is wrong, and names the line and field', async () => {
    const before = await snapshot();
    const csv = [
      'id,title,main_category,category,price,rate',
      '1,Lamp renamed,Main,Sub,19.99,4',
      '5,New one,Main,Sub,5,3',
      '2,Écran,Main,Sub,12.345,9',
      '1,Twice,Main,Sub,1,1',
    ].join('\n');
    const result = await importCsv('default', csv, false);
    expect(result).toEqual({
      status: 200,
      body: {
        created: 0,
        updated: 0,
        unchanged: 0,
        imageLinks: [],
        errors: [
          { line: 4, field: 'price', error: 'must be an amount such as 19.99, at most 9999999.99' },
          { line: 4, field: 'rate', error: 'must be from 0 to 5' },
          { line: 5, field: 'id', error: '1 is also on line 2' },
        ],
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('names unknown columns, an empty file, a wrong content type and a missing token, writing nothing', async () => {
    const before = await snapshot();
    const unknown = await importCsv('default', 'id,title,colour\n1,Lamp,red\n', false);
    expect(unknown.body.errors).toEqual([
      {
        line: 1,
        field: 'colour',
        error: expect.stringMatching(/^is not a column of the Referrals Shop CSV/),
      },
    ]);
    for (const empty of ['', '\n\n', '\uFEFF']) {
      expect((await importCsv('default', empty, false)).body).toEqual({
        created: 0,
        updated: 0,
        unchanged: 0,
        imageLinks: [],
        errors: [{ line: 1, field: '', error: 'is empty: the file needs a header row naming its columns' }],
      });
    }
    // Thousands of stray columns: a few errors say so, not one (holding every known column) for each.
    const stray = Array.from({ length: 5000 }, (_, i) => `x${i}`).join(',');
    const wide = await importCsv('default', `id,title,${stray}\n`, true);
    expect(wide.body.errors).toHaveLength(20);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import?shop=default',
      headers,
      payload: { id: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      error: 'Send the CSV file as the request body with Content-Type text/csv.',
    });
    expect((await importCsv('default', 'id,title\n1,X\n', false, false)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/export?shop=default' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/export?shop=nope', headers })).statusCode,
    ).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
  describe('files that are not CSV or not UTF-8', () => {
    // Each answers 400 with a sentence naming the line, in a dry run too, and writes nothing.
    const refusals: [string, string | Buffer, string][] = [
      [
        'a stray quote',
        'id,title\n1,a "stray" quote\n',
        'Line 2 is not valid CSV: the title cell has a quote (") inside it but does not start with one. Put the whole cell in quotes and double each quote inside it, e.g. "a ""stray"" quote".',
      ],
      [
        'an unclosed quote',
        'id,title\n1,"Lamp\n2,Other',
        'Line 2 is not valid CSV: a cell opens a quote (") that is never closed.',
      ],
      [
        'more cells than columns',
        'id,title\n1,Lamp,extra\n',
        'Line 2 is not valid CSV: it has 3 cells but the header has 2 columns.',
      ],
      [
        'fewer cells than columns, after a cell of two lines and a blank line',
        'id,title,description\n1,Lamp,"one\ntwo"\n\n2,Desk\n',
        'Line 5 is not valid CSV: it has 2 cells but the header has 3 columns.',
      ],
      [
        'text after a closing quote',
        'id,title,description\n1,Lamp,"one\ntwo"\n\n2,"Desk" top,x\n',
        'Line 5 is not valid CSV: a quoted cell goes on after its closing quote. Double each quote inside a quoted cell ("").',
      ],
      [
        'a row over a million characters',
        `id,title\n1,Lamp\n2,${'x'.repeat(1_000_001)}\n`,
        'Line 3 is not valid CSV: the row is longer than 1,000,000 characters.',
      ],
      [
        'Latin-1 text',
        Buffer.from('id,title\n1,Lamp\n2,Café\n', 'latin1'),
        'Line 3 of the CSV file is not UTF-8 text (byte 0xE9): save the file as "CSV UTF-8" and import it again.',
      ],
      [
        'a file ending inside a character',
        Buffer.concat([Buffer.from('id,title\n1,Caf'), Buffer.from([0xc3])]),
        'Line 2 of the CSV file is not UTF-8 text: save the file as "CSV UTF-8" and import it again.',
      ],
    ];
    it.each(refusals)('refuses %s with a 400 naming the line', async (_name, file, error) => {
      const before = await snapshot();
      for (const dryRun of [true, false]) {
        expect(await importCsv('default', file, dryRun)).toEqual({ status: 400, body: { error } });
      }
      expect(await snapshot()).toEqual(before);
    });

    /** New products, one a line, enough to span several of the 64 KiB chunks the file is read in. */
    function longFile(): { text: string; lines: number } {
      let text = 'id,title,main_category,category\n';
      let lines = 1;
      // Fill up to just before the first chunk's end, then put a '€' (3 bytes) across it.
      while (Buffer.byteLength(text) < 65_536 - 100) {
        text += `,Lamp number ${lines},Home,Desk\n`;
        lines += 1;
      }
      const row = `,Lamp `;
      const pad = 65_536 - 1 - Buffer.byteLength(text) - Buffer.byteLength(row);
      text += `${row}${'y'.repeat(pad)}€ shade,Home,Desk\n`;
      lines += 1;
      expect(Buffer.from(text).subarray(65_535, 65_538).toString('utf8')).toBe('€');
      for (let i = 0; i < 2000; i += 1) {
        text += `,Lamp € ${i},Home,Desk\n`;
        lines += 1;
      }
      return { text, lines };
    }

    it('reads a character cut by a chunk boundary, and finds the line of a bad byte far into a file', async () => {
      const { text, lines } = longFile();
      expect((await importCsv('default', text, true)).body).toMatchObject({
        created: lines - 1,
        errors: [],
      });
      const bad = Buffer.concat([
        Buffer.from(text),
        Buffer.from(',Lamp Caf', 'latin1'),
        Buffer.from([0xe9]),
        Buffer.from(',Home,Desk\n'),
      ]);
      expect(await importCsv('default', bad, true)).toEqual({
        status: 400,
        body: {
          error: `Line ${lines + 1} of the CSV file is not UTF-8 text (byte 0xE9): save the file as "CSV UTF-8" and import it again.`,
        },
      });
    });
  });

  describe('the version column', () => {
    const stock = async (id: number, condition: string) =>
      (
        await db()
          .selectFrom('product_conditions')
          .select('available_quantity')
          .where('shop', '=', 'ayz')
          .where('product_id', '=', id)
          .where('condition', '=', condition)
          .executeTakeFirstOrThrow()
      ).available_quantity;
    const product = (id: number) =>
      db()
        .selectFrom('products')
        .selectAll()
        .where('shop', '=', 'ayz')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const held = async (id: number) =>
      Number(
        (
          await db()
            .selectFrom('orders')
            .select((eb) => eb.fn.sum<number | string>('quantity').as('units'))
            .where('shop', '=', 'ayz')
            .where('product_id', '=', id)
            .where('stock_reserved', '=', 1)
            .executeTakeFirstOrThrow()
        ).units ?? 0,
      );
    const buy = async (sub: string, id: number, quantity: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/create-purchase',
        headers: await buyerHeaders(t, { sub }),
        payload: {
          google_id: sub,
          product_id: id,
          store: 'ayz',
          condition: 'acceptable',
          quantity,
          ...SHIPPING,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    };

    it('refuses an export whose product was sold since: the sold units are not brought back', async () => {
      await db()
        .updateTable('product_conditions')
        .set({ available_quantity: 5 })
        .where('shop', '=', 'ayz')
        .where('product_id', '=', 7)
        .where('condition', '=', 'acceptable')
        .execute();
      const exported = await exportCsv('ayz');
      await buy('csv-buyer-1', 7, 2);
      expect(await stock(7, 'acceptable')).toBe(3);
      for (const dryRun of [true, false]) {
        expect(await importCsv('ayz', exported, dryRun)).toEqual({
          status: 200,
          body: {
            created: 0,
            updated: 0,
            unchanged: 0,
            imageLinks: [],
            errors: [
              {
                line: 2,
                field: 'updated_at',
                error: expect.stringMatching(/^This product changed since it was exported \(saved or sold/),
              },
            ],
          },
        });
      }
      expect(await stock(7, 'acceptable')).toBe(3);
      expect(await held(7)).toBe(2);
    });

    it('changes stock only with the version a fresh export gives, and anything else without it', async () => {
      const { updated_at: version, stock_quantity: units } = await product(7);
      // No version: the description and a price change; the price shown is the lowest again.
      expect(
        (await importCsv('ayz', 'id,description,excellent_condition_price\n7,<p>New words</p>,4.00\n', false))
          .body,
      ).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [], imageLinks: [] });
      expect(await product(7)).toMatchObject({
        description: '<p>New words</p>',
        price_cents: 400,
        stock_quantity: units,
      });
      // No version and a quantity: refused, in the dry run as well.
      for (const dryRun of [true, false]) {
        expect(
          (await importCsv('ayz', 'id,title,acceptable_condition_available_quantity\n7,Lamp,9\n', dryRun))
            .body.errors,
        ).toEqual([
          {
            line: 2,
            field: 'updated_at',
            error: expect.stringMatching(/^This row changes the product's stock but has no updated_at/),
          },
        ]);
      }
      // The version the first import left does not match the one read before it.
      expect(
        (
          await importCsv(
            'ayz',
            `id,updated_at,acceptable_condition_available_quantity\n7,${version},9\n`,
            false,
          )
        ).body.errors,
      ).toEqual([
        { line: 2, field: 'updated_at', error: expect.stringMatching(/^This product changed since/) },
      ]);
      expect(await stock(7, 'acceptable')).toBe(1);
      // With the current version, the quantity is written and the product's total follows.
      const current = (await product(7)).updated_at;
      expect(
        (
          await importCsv(
            'ayz',
            `id,updated_at,acceptable_condition_available_quantity\n7,${current},9\n`,
            false,
          )
        ).body,
      ).toEqual({ created: 0, updated: 1, unchanged: 0, errors: [], imageLinks: [] });
      expect(await stock(7, 'acceptable')).toBe(9);
      expect((await product(7)).stock_quantity).toBe(units + 8);
      // A version on a row whose product is gone: it was deleted since the export.
      expect(
        (
          await importCsv(
            'ayz',
            `id,updated_at,title,main_category,category\n99,${current},Back again,Main,Sub\n`,
            true,
          )
        ).body.errors,
      ).toEqual([
        {
          line: 2,
          field: 'updated_at',
          error: expect.stringMatching(/^Product 99 is not in the .* any more/),
        },
      ]);
    });

    it('refuses the whole file when a product is sold while the file is still being read', async () => {
      const before = await snapshot();
      const { updated_at: version } = await product(7);
      const body = new PassThrough();
      let firstBatchChecked!: () => void;
      const checked = new Promise<void>((resolve) => (firstBatchChecked = resolve));
      const result = importProducts(db(), 'ayz', body, {
        dryRun: false,
        origin: 'http://localhost',
        actor: 'test',
        log: {
          info: () => undefined,
          debug: (_details, message) => {
            if (message === 'CSV import progress') firstBatchChecked();
          },
        },
      });
      // Product 7 and 499 new ones fill the first batch of 500; one more row stays unread.
      body.write(`id,updated_at,title,main_category,category\n7,${version},Renamed lamp,Main,Sub\n`);
      for (let i = 0; i < 500; i += 1) body.write(`,,New lamp ${i},Main,Sub\n`);
      await checked;
      await buy('csv-buyer-2', 7, 1);
      const afterSale = await snapshot();
      body.end();
      expect(await result).toEqual({
        created: 0,
        updated: 0,
        unchanged: 0,
        imageLinks: [],
        errors: [
          {
            line: 2,
            field: 'updated_at',
            error: expect.stringMatching(/^This product changed while the file was being imported/),
          },
        ],
      });
      expect(await snapshot()).toEqual(afterSale);
      expect(afterSale.products.filter((p) => p.shop === 'ayz')).toHaveLength(
        before.products.filter((p) => p.shop === 'ayz').length,
      );
    });
  });

  it('answers a catalogue read issued while an import is under way before the import ends', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `,Bulk lamp ${i},Main,Sub`).join('\n');
    const firstBatch = log.next('CSV import progress');
    let imported = false;
    const importing = importCsv('default', `id,title,main_category,category\n${rows}\n`, false).then(
      (result) => {
        imported = true;
        return result;
      },
    );
    await firstBatch;
    const read = await t.app.inject({ method: 'GET', url: '/api/catalog?shop=default&q=lamp' });
    expect(read.statusCode).toBe(200);
    expect(imported).toBe(false);
    expect((await importing).body).toMatchObject({ created: 3000, errors: [] });
  });
});
