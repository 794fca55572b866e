import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addProduct } from '../../test/fixtures.js';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';
import { resolveInside, servableFile } from './safe-path.js';

/**
 * A symbolic link below the images folder, put there by hand or by a restored backup, must never let a
 * request read, write or delete what it points to (docs/architecture.md §6).
 */
describe.each(TEST_DIALECTS)('symbolic links in the image store on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  let outside: string;
  let webp: Buffer;
  const secretFile = () => path.join(outside, 'secret.webp');
  const product = (id: number) => path.join(t.config.imagesDir, 'Products', String(id));

  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.body, json: () => response.json() };
  };
  const upload = (fields: Record<string, string>, field = 'images') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(field, new Blob([new Uint8Array(webp)]), 'a.webp');
    return form;
  };
  /** Everything outside the store, with contents, to check nothing there changed. */
  const outsideTree = () =>
    fs
      .readdirSync(outside, { recursive: true, encoding: 'utf8' })
      .sort()
      .map((name) => {
        const full = path.join(outside, name);
        return fs.statSync(full).isFile() ? `${name}=${fs.readFileSync(full).length}` : `${name}/`;
      });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
    webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
  });
  afterAll(() => t.close());

  beforeEach(() => {
    // Outside DATA_DIR: a file, and a folder laid out like a product folder.
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-outside-'));
    fs.writeFileSync(secretFile(), webp);
    fs.mkdirSync(path.join(outside, 'product', 'description'), { recursive: true });
    fs.mkdirSync(path.join(outside, 'product', 'preview'));
    fs.writeFileSync(path.join(outside, 'product', '1.webp'), webp);
    fs.writeFileSync(path.join(outside, 'product', 'preview', '1.webp'), webp);
    fs.writeFileSync(path.join(outside, 'product', 'description', 'x.webp'), webp);
    fs.rmSync(path.join(t.config.imagesDir, 'Products'), { recursive: true, force: true });
    fs.mkdirSync(path.join(t.config.imagesDir, 'Products'), { recursive: true });
    // Product 5: a real folder whose 1.webp is a link to the outside file.
    fs.mkdirSync(product(5));
    fs.symlinkSync(secretFile(), path.join(product(5), '1.webp'));
    fs.writeFileSync(path.join(product(5), '2.webp'), webp);
    // Product 6: the product folder itself is a link to the outside folder.
    fs.symlinkSync(path.join(outside, 'product'), product(6));
  });
  afterEach(() => fs.rmSync(outside, { recursive: true, force: true }));

  it('serves nothing through a link, on /images and /api/images', async () => {
    const before = outsideTree();
    for (const url of [
      '/images/Products/5/1.webp',
      '/images/Products/6/1.webp',
      '/images/Products/6/preview/1.webp',
      '/images/Products/6/description/x.webp',
      '/api/images/Products/5/1.webp',
      '/api/images/Products/6/1.webp',
    ]) {
      const response = await call('GET', url);
      expect(response.status, url).toBe(404);
      expect(response.json(), url).toHaveProperty('error');
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
    }
    // The real file beside the link is still served, with its caching headers.
    const real = await t.app.inject('/images/Products/5/2.webp');
    expect(real.statusCode).toBe(200);
    expect(real.headers['content-type']).toBe('image/webp');
    expect(real.headers['cache-control']).toMatch(/max-age=3600/);
    expect(real.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      url: '/images/Products/5/2.webp',
      headers: { 'if-none-match': String(real.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await call('GET', '/api/images/Products/5/2.webp')).status).toBe(200);
    expect(outsideTree()).toEqual(before);
  });

  it('does not list, upload into or delete through a linked product folder', async () => {
    await addProduct(t.handle.db, 'default', 6);
    const before = outsideTree();
    const refusals = [
      await call('GET', '/api/product-images/default/6'),
      await call('DELETE', '/api/product-images/default/6/1.webp'),
      await call('DELETE', '/api/tiptap-delete-folder/default/6'),
      await call('DELETE', '/api/delete-product/default/6'),
      await call('POST', '/api/tiptap-delete-image', { src: '/images/Products/6/description/x.webp' }),
      await call('POST', '/api/upload-images', upload({ productId: '6', shopType: 'default' })),
      await call('POST', '/api/tiptap-upload-image/default/6', upload({}, 'image')),
    ];
    for (const response of refusals) {
      expect(response.status, response.body).toBe(400);
      expect(response.json().error).toBe(
        'That file path goes through a symbolic link, which the image store does not follow.',
      );
    }
    expect(outsideTree()).toEqual(before);
    // The refused delete left the product in place.
    expect((await call('GET', '/api/products/6?shop=default')).status).toBe(200);
  });

  it('refuses to delete a linked image, and keeps links out of the gallery', async () => {
    const before = outsideTree();
    const refused = await call('DELETE', '/api/product-images/default/5/1.webp');
    expect(refused.status).toBe(400);
    expect(fs.lstatSync(path.join(product(5), '1.webp')).isSymbolicLink()).toBe(true);
    expect((await call('GET', '/api/product-images/default/5')).json()).toEqual({ images: ['2.webp'] });
    expect(outsideTree()).toEqual(before);
  });

  it('refuses a linked preview folder before changing the gallery', async () => {
    fs.mkdirSync(product(8));
    fs.writeFileSync(path.join(product(8), '1.webp'), webp);
    fs.symlinkSync(path.join(outside, 'product', 'preview'), path.join(product(8), 'preview'));
    const before = outsideTree();
    const response = await call(
      'POST',
      '/api/upload-images',
      upload({ productId: '8', shopType: 'default' }),
    );
    expect(response.status).toBe(400);
    expect(fs.readdirSync(product(8)).sort()).toEqual(['1.webp', 'preview']);
    expect(outsideTree()).toEqual(before);
  });

  it('deletes a product folder with links inside, removing the links and not what they point to', async () => {
    await addProduct(t.handle.db, 'default', 7);
    fs.mkdirSync(product(7));
    fs.writeFileSync(path.join(product(7), '1.webp'), webp);
    fs.symlinkSync(secretFile(), path.join(product(7), '2.webp'));
    fs.symlinkSync(path.join(outside, 'product', 'description'), path.join(product(7), 'description'));
    const before = outsideTree();
    expect((await call('DELETE', '/api/delete-product/default/7')).status).toBe(200);
    expect(fs.existsSync(product(7))).toBe(false);
    expect(outsideTree()).toEqual(before);
  });

  it('resolves paths only inside the root, through no link', async () => {
    const root = t.config.imagesDir;
    await expect(resolveInside(root, '..', 'shop.db')).rejects.toMatchObject({ statusCode: 400 });
    await expect(resolveInside(root, 'Products/6/new')).rejects.toMatchObject({ statusCode: 400 });
    await expect(resolveInside(root, 'a\0b')).rejects.toMatchObject({ statusCode: 400 });
    // Parts that do not exist yet are fine: they will be made as real folders.
    expect(await resolveInside(root, 'Products', '9', 'description')).toBe(
      path.join(fs.realpathSync(root), 'Products', '9', 'description'),
    );
    expect(await servableFile(root, 'Products', '5', '2.webp')).toBe('Products/5/2.webp');
    expect(await servableFile(root, 'Products', '5')).toBeUndefined();
    expect(await servableFile(root, 'Products', '5', '1.webp')).toBeUndefined();
    // The root itself may be a link (a mounted volume): only what is below it is checked.
    const linkedRoot = path.join(outside, 'linked-root');
    fs.symlinkSync(root, linkedRoot);
    expect(await servableFile(linkedRoot, 'Products', '5', '2.webp')).toBe('Products/5/2.webp');
    expect(await servableFile(linkedRoot, 'Products', '6', '1.webp')).toBeUndefined();
  });
});
