/**
 * GET /images/{folder}/{id}/w/{width}/{n}.webp over real HTTP: smaller copies in the allowed widths only,
 * made once and kept under DATA_DIR/image-variants, remade when the gallery image changes, never through a
 * link or outside the image store.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/constants.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { productImageDir, storeProductImages } from './store.js';
import { VARIANTS_FOLDER } from './variants.js';

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toBuffer();

describe('image variants', () => {
  let t: TestApp;
  let base: string;
  let outside: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const dir = await productImageDir(t.config.imagesDir, 'default', 7);
    await storeProductImages(
      dir,
      [await picture(1600, 1200, '#336699'), await picture(200, 200, '#993366')],
      'replace',
    );
    // A product folder that is a link to a folder outside the image store.
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-outside-'));
    fs.writeFileSync(path.join(outside, '1.webp'), await picture(1000, 1000, '#000'));
    fs.symlinkSync(outside, path.join(t.config.imagesDir, 'Products', '8'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${base}${url}`);

  it('answers an allowed width with a webp of that width, cached for good when versioned', async () => {
    for (const width of [160, 320, 480]) {
      const response = await get(`/images/Products/7/w/${width}/1.webp?v=2026-01-01`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
    }
    const unversioned = await get('/images/Products/7/w/320/1.webp');
    expect(unversioned.headers.get('cache-control')).toMatch(/max-age=3600/);
    // Made once, on disk under DATA_DIR.
    const kept = path.join(t.dataDir, VARIANTS_FOLDER, 'Products', '7', '320', '1.webp');
    expect((await sharp(kept).metadata()).width).toBe(320);
  });

  it('never enlarges a smaller image', async () => {
    const response = await get('/images/Products/7/w/640/2.webp');
    expect(response.status).toBe(200);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(200);
  });

  it('makes the copy again when the gallery image changes', async () => {
    const before = await get('/images/Products/7/w/240/1.webp');
    expect((await sharp(Buffer.from(await before.arrayBuffer())).metadata()).height).toBe(180);
    // Replace the gallery: the new first image is square, so a stale copy would still be 240x180.
    const dir = await productImageDir(t.config.imagesDir, 'default', 7);
    await storeProductImages(dir, [await picture(800, 800, '#ffcc00')], 'replace');
    const after = await get('/images/Products/7/w/240/1.webp');
    expect(await sharp(Buffer.from(await after.arrayBuffer())).metadata()).toMatchObject({
      width: 240,
      height: 240,
    });
    // The card preview the store remakes is of the new image too (yellow, not the old blue).
    const preview = await get('/images/Products/7/preview/1.webp');
    const { dominant } = await sharp(Buffer.from(await preview.arrayBuffer())).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(80);
  });

  it('refuses widths off the list and malformed paths with a 4xx sentence', async () => {
    const allowed = new Set<number>(IMAGE_VARIANT_WIDTHS);
    for (const width of ['100', '321', '2000', '0', '-160', 'abc', '160.5']) {
      expect(allowed.has(Number(width))).toBe(false);
      const response = await get(`/images/Products/7/w/${width}/1.webp`);
      expect(response.status, width).toBe(400);
      expect((await response.json()).error, width).toMatch(/width.*must be one of 160, 240/);
    }
    for (const url of [
      '/images/Nope/7/w/320/1.webp',
      '/images/Products/0/w/320/1.webp',
      '/images/Products/7/w/320/1.png',
      '/images/Products/7/w/320/preview.webp',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBe(400);
      expect(await response.json(), url).toHaveProperty('error');
    }
    for (const url of ['/images/Products/7/w/320/9.webp', '/images/Products/99/w/320/1.webp']) {
      expect((await get(url)).status, url).toBe(404);
    }
  });

  it('refuses traversal and does not follow a linked product folder', async () => {
    for (const url of [
      '/images/Products/7/w/320/..%2F..%2F..%2Fshop.db',
      '/images/Products/7/w/320/%2E%2E%2F1.webp',
      '/images/Products/..%2F..%2F/w/320/1.webp',
      '/images/Products/7/w/..%2F320/1.webp',
    ]) {
      const response = await get(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
      expect(response.headers.get('content-type'), url).not.toBe('image/webp');
    }
    const linked = await get('/images/Products/8/w/320/1.webp');
    expect(linked.status).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, VARIANTS_FOLDER, 'Products', '8'))).toBe(false);
  });
});
