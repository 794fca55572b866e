/**
 * Every page the server writes passes the Nu Html Checker (vnu, the W3C's validator) with no error: each
 * shop, a product of each shop, /account and the admin gate, as the real app serves them from the built
 * client. One JVM checks them all (its start-up is the slow part).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_ORDER, SHOPS } from '../../../shared/shops.js';
import { buildApp } from '../../app.js';
import { findClientDir } from '../../plugins/client-files.js';
import { addProduct, conditions } from '../../test/fixtures.js';
import { createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const vnuJar: string = createRequire(import.meta.url)('vnu-jar');
const clientDir = findClientDir();
const hasJava = spawnSync('java', ['-version']).status === 0;

/** What is missing to run the check here, if anything; CI has both (.ci/run, scripts/test-all.mjs). */
const missing = [
  clientDir ? undefined : 'the built client (run `npm run build` first)',
  hasJava ? undefined : 'Java (Debian: apt-get install default-jre-headless)',
].filter((item): item is string => item !== undefined);

// A machine without the build or Java skips with a sentence; CI must not pass by skipping.
const skip = missing.length > 0 && !process.env.CI;
if (skip) console.warn(`valid-html.test.ts: skipped, it needs ${missing.join(' and ')}.`);

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Runs vnu once over the files; its messages that are errors (a warning is not a failure). */
async function vnuErrors(files: string[]): Promise<VnuMessage[]> {
  const child = spawn('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('close', resolve));
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  return messages.filter((message) => message.type === 'error' || message.type === 'non-document-error');
}

describe.skipIf(skip).each(TEST_DIALECTS)('server-rendered pages on %s', (dialect) => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-vnu-'));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.handle.db;
    // A title and description with markup characters, and an open-box product with pictures and offers.
    await addProduct(db, 'default', 1, {
      title: 'Desk lamp <"bright"> & warm',
      description: '<p>Warm &amp; bright.</p>',
      image_count: 1,
    });
    await addProduct(db, 'pc', 2, { title: 'Ryzen 7 & cooler', availability: 'YES', image_count: 2 });
    await addProduct(db, 'smart', 3, { title: 'Smart plug', availability: 'NO', image_count: 0 });
    await addProduct(
      db,
      'ayz',
      4,
      { title: 'Open-box monitor', image_count: 1 },
      conditions([10_000, 0], [15_000, 2], [0, 0], [19_999, 1]),
    );
    app = await buildApp(t.app.deps, { clientDir, orderSweepMs: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  const PRODUCT_OF: Record<string, number> = { default: 1, pc: 2, smart: 3, ayz: 4 };
  const pages = [
    ...NAV_ORDER.map((key) => SHOPS[key].route),
    ...NAV_ORDER.map((key) => `${SHOPS[key].route}?product=${PRODUCT_OF[key]}`),
    '/account',
    ...NAV_ORDER.map((key) => SHOPS[key].adminRoute),
  ];

  it('has what the check needs', () => {
    expect(missing, `the HTML check needs ${missing.join(' and ')}`).toEqual([]);
  });

  it.skipIf(missing.length > 0)('finds no error in any of them', { timeout: 120_000 }, async () => {
    const fileOf = new Map<string, string>();
    for (const [index, url] of pages.entries()) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const file = path.join(outDir, `page-${index}.html`);
      fs.writeFileSync(file, response.body);
      fileOf.set(`file:${file}`, url);
    }
    const errors = (await vnuErrors([...fileOf.keys()].map((key) => key.slice('file:'.length)))).map(
      (error) =>
        `${fileOf.get(error.url ?? '') ?? error.url} line ${error.lastLine}: ${error.message}` +
        (error.extract ? ` [${error.extract.trim().slice(0, 120)}]` : ''),
    );
    expect(errors).toEqual([]);
  });
});
