import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTestApp, TEST_DIALECTS, type TestApp } from '../../test/harness.js';

const png = (width: number, height: number, background = '#e11d48') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function uploadForm(fields: Record<string, string>, files: { name: string; data: Buffer; field?: string }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field ?? 'images', new Blob([new Uint8Array(file.data)]), file.name);
  return form;
}

describe.each(TEST_DIALECTS)('admin catalogue management on %s', (dialect) => {
  let t: TestApp;
  let headers: { authorization: string };
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload: payload as string,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const productDir = (folder: string, id: number) => path.join(t.config.imagesDir, folder, String(id));
  const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  it('adds a product: images first, then the product, with a sanitized description', async () => {
    const { body: next } = await call('GET', '/api/next-id?shop=default');
    expect(next).toEqual({ nextId: 1 });
    const upload = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '1', shopType: 'default', rate: '4' }, [
        { name: 'front.png', data: await png(1200, 900) },
        { name: 'back.png', data: await png(300, 300, '#0ea5e9') },
      ]),
    );
    expect(upload).toEqual({ status: 200, body: { ok: true, images: ['1.webp', '2.webp'] } });

    const added = await call('POST', '/api/add-product?shop=default', {
      id: 1,
      title: 'Trail Lantern',
      main_category: 'Outdoors',
      category: 'Lights',
      price: '24.50',
      typical_price: '30',
      link: 'https://retailer.example/lantern',
      rate: 4,
      availability: 'NO',
      description:
        '<p onclick="steal()">Bright <strong>and</strong> <span style="font-size: 20px; font-family: Georgia">warm</span></p><script>alert(1)</script>',
    });
    expect(added).toEqual({ status: 201, body: { ok: true, id: 1 } });

    const { body: product } = await call('GET', '/api/products/1?shop=default');
    expect(product).toMatchObject({
      title: 'Trail Lantern',
      price: '24.50',
      typical_price: '30.00',
      rate: 4,
      availability: 'NO',
      imagecount: 2,
      description:
        '<p>Bright <strong>and</strong> <span style="font-size:20px;font-family:Georgia">warm</span></p>',
    });
    const meta = await sharp(path.join(productDir('Products', 1), '1.webp')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    const preview = await sharp(path.join(productDir('Products', 1), 'preview', '1.webp')).metadata();
    expect(preview).toMatchObject({ width: 400, height: 400 });
    expect((await call('GET', '/api/categories?shop=default')).body).toEqual({
      categories: ['Lights'],
      mainCategories: ['Outdoors'],
    });
  });

  it('refuses a product without a title, naming the field, and stores nothing', async () => {
    const response = await call('POST', '/api/add-product?shop=pc', {
      id: 1,
      main_category: 'A',
      category: 'B',
      title: ' ',
    });
    expect(response).toEqual({ status: 400, body: { error: 'Invalid field "title": is required.' } });
    expect((await call('GET', '/api/next-id?shop=pc')).body).toEqual({ nextId: 1 });
    const badPrice = await call('POST', '/api/add-product?shop=pc', {
      title: 'T',
      main_category: 'A',
      category: 'B',
      price: '12,99',
    });
    expect(badPrice).toEqual({
      status: 400,
      body: { error: 'Invalid field "price": must be an amount such as 19.99, at most 9999999.99.' },
    });
    const badRate = await call('POST', '/api/add-product?shop=pc', {
      title: 'T',
      main_category: 'A',
      category: 'B',
      rate: 9,
    });
    expect(badRate.body.error).toBe('Invalid field "rate": must be from 0 to 5.');
    const badLink = await call('POST', '/api/add-product?shop=pc', {
      title: 'T',
      main_category: 'A',
      category: 'B',
      link: 'javascript:alert(1)',
    });
    expect(badLink.body.error).toMatch(/^Invalid field "link"/);
  });

  it.each([
    [{ rate: true }, 'Invalid field "rate": must be a whole number.'],
    [{ rate: null }, 'Invalid field "rate": must be a whole number.'],
    [{ title: ['x'] }, 'Invalid field "title": must be text.'],
    [{ id: 2_147_483_647 }, 'Invalid field "id": is too large.'],
    [{ id: '0x10' }, 'Invalid field "id": must be a whole number.'],
    [{ price: '10000000' }, 'Invalid field "price": must be an amount such as 19.99, at most 9999999.99.'],
  ])('refuses odd values %j with a sentence', async (change, error) => {
    const body = { title: 'T', main_category: 'A', category: 'B', ...change };
    expect(await call('POST', '/api/add-product?shop=pc', body)).toEqual({ status: 400, body: { error } });
  });

  it('refuses an open-box quantity given as a list', async () => {
    const body = { title: 'T', main_category: 'A', category: 'B', good_condition_available_quantity: [5] };
    const response = await call('POST', '/api/add-product?shop=ayz', body);
    expect(response.body.error).toBe(
      'Invalid field "good_condition_available_quantity": must be a whole number.',
    );
  });

  it('refuses an id that is taken', async () => {
    const response = await call('POST', '/api/add-product?shop=default', {
      id: 1,
      title: 'Again',
      main_category: 'A',
      category: 'B',
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatch(/already exists/);
  });

  it('rejects uploads that are not images, too large, or aimed outside the store, writing nothing', async () => {
    const dir = productDir('PCProducts', 50);
    const notImage = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '50', shopType: 'pc' }, [
        { name: 'ok.png', data: await png(10, 10) },
        { name: 'evil.png', data: Buffer.from('<?php system($_GET[1]); ?>') },
      ]),
    );
    expect(notImage).toEqual({ status: 400, body: { error: '"evil.png" is not an image we can read.' } });
    const svg = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '50', shopType: 'pc' }, [
        {
          name: 'x.svg',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        },
      ]),
    );
    expect(svg.status).toBe(400);
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooLarge = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '50', shopType: 'pc' }, [{ name: 'big.png', data: huge }]),
    );
    expect(tooLarge).toEqual({ status: 413, body: { error: 'An image is larger than 10 MB.' } });
    const manyPixels = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '50', shopType: 'pc' }, [{ name: 'wide.png', data: manyPixels }]),
    );
    expect(tooManyPixels).toEqual({
      status: 413,
      body: { error: '"wide.png" is larger than 40 megapixels.' },
    });
    const traversal = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '../../x', shopType: 'pc' }, [{ name: 'a.png', data: await png(5, 5) }]),
    );
    expect(traversal).toEqual({
      status: 400,
      body: { error: 'Invalid field "productId": must be a whole number.' },
    });
    const badShop = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '5', shopType: '../..' }, [{ name: 'a.png', data: await png(5, 5) }]),
    );
    expect(badShop.status).toBe(400);
    expect(filesIn(dir)).toEqual([]);
    expect(fs.existsSync(path.join(t.config.dataDir, 'x'))).toBe(false);

    const badName = await call('DELETE', '/api/product-images/default/1/..%2F..%2Fshop.db');
    expect(badName.status).toBe(400);
    expect(badName.body.error).toMatch(/path parameter "fileName"/);
    const badSrc = await call('POST', '/api/tiptap-delete-image', {
      src: '/images/Products/1/description/../../../../shop.db',
    });
    expect(badSrc.status).toBe(400);
    const notMultipart = await call('POST', '/api/upload-images', { productId: 1 });
    expect(notMultipart).toEqual({ status: 400, body: { error: 'Send the form as multipart/form-data.' } });
  });

  it('edits a product: new fields, appended image, deleted image renumbered', async () => {
    const before = (await call('GET', '/api/products/1?shop=default')).body;
    const edited = await call('PUT', '/api/edit-product/products/1', {
      title: 'Trail Lantern XL',
      main_category: 'Outdoors',
      category: 'Lights',
      price: '19.99',
      typical_price: '0',
      link: 'https://retailer.example/lantern-xl',
      rate: 5,
      availability: 'YES',
      description:
        '<h2>Bigger</h2><a href="javascript:alert(1)">x</a><img src="https://evil.example/x.png" onerror="x()"><img src="/images/Products/1/description/a.webp" alt="A" title="T">',
      updated_at: before.updated_at,
    });
    expect(edited).toEqual({ status: 200, body: { ok: true, id: 1, updated_at: expect.any(String) } });
    const after = (await call('GET', '/api/products/1?shop=default')).body;
    expect(after).toMatchObject({
      title: 'Trail Lantern XL',
      price: '19.99',
      typical_price: '0',
      rate: 5,
      availability: 'YES',
    });
    expect(after.description).toBe(
      '<h2>Bigger</h2><a target="_blank" rel="noopener noreferrer nofollow">x</a><img src="/images/Products/1/description/a.webp" alt="A" title="T" />',
    );
    expect(after.updated_at > before.updated_at).toBe(true);

    const appended = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '1', shopType: 'default' }, [
        { name: 'side.png', data: await png(64, 64, '#16a34a') },
      ]),
    );
    expect(appended.body.images).toEqual(['1.webp', '2.webp', '3.webp']);
    expect((await call('GET', '/api/products/1?shop=default')).body.imagecount).toBe(3);
    const third = await sharp(path.join(productDir('Products', 1), '3.webp')).metadata();
    expect(third.width).toBe(64);

    const afterDelete = await call('DELETE', '/api/product-images/default/1/1.webp');
    expect(afterDelete.body.images).toEqual(['1.webp', '2.webp']);
    expect((await sharp(path.join(productDir('Products', 1), '2.webp')).metadata()).width).toBe(64);
    expect((await sharp(path.join(productDir('Products', 1), 'preview', '1.webp')).metadata()).width).toBe(
      400,
    );
    expect((await call('GET', '/api/product-images/products/1')).body.images).toEqual(['1.webp', '2.webp']);
    expect((await call('GET', '/api/products/1?shop=default')).body.imagecount).toBe(2);
    expect((await call('DELETE', '/api/product-images/default/1/9.webp')).status).toBe(404);
    expect(
      (
        await call('PUT', '/api/edit-product/pc/777', {
          title: 'x',
          main_category: 'a',
          category: 'b',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('PUT', '/api/edit-product/shoes/1', {
          title: 'x',
          main_category: 'a',
          category: 'b',
          updated_at: '2026-01-01T00:00:00.000Z',
        })
      ).status,
    ).toBe(400);
  });

  it('keeps open-box condition prices and quantities, and the shop shows them', async () => {
    const added = await call('POST', '/api/add-product?shop=ayz', {
      title: 'Console (Open Box)',
      main_category: 'Gaming',
      category: 'Consoles',
      ebay: 'https://ebay.example/item',
      acceptable_condition_price: '0',
      acceptable_condition_available_quantity: '0',
      good_condition_price: '199.00',
      good_condition_available_quantity: '1',
      verygood_condition_price: '229',
      verygood_condition_available_quantity: '3',
      excellent_condition_price: '259.50',
      excellent_condition_available_quantity: '0',
    });
    expect(added.status).toBe(201);
    const page = (await call('GET', '/api/catalog?shop=ayz')).body;
    expect(page.items[0]).toMatchObject({
      id: added.body.id,
      price: '199.00',
      good_condition_price: '199.00',
      good_condition_available_quantity: 1,
      verygood_condition_available_quantity: 3,
      excellent_condition_price: '259.50',
    });
    const negative = await call('PUT', `/api/edit-product/ayz/${added.body.id}`, {
      title: 'Console',
      main_category: 'Gaming',
      category: 'Consoles',
      good_condition_available_quantity: -1,
      updated_at: (await call('GET', `/api/products/${added.body.id}?shop=ayz`)).body.updated_at,
    });
    expect(negative).toEqual({
      status: 400,
      body: { error: 'Invalid field "good_condition_available_quantity": must be 0 or more.' },
    });
  });

  it('uploads and deletes description images, and deletes their folder', async () => {
    const uploaded = await call(
      'POST',
      '/api/tiptap-upload-image/default/1',
      uploadForm({}, [{ name: 'inline.png', data: await png(40, 20), field: 'image' }]),
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.imageUrl).toMatch(/^\/images\/Products\/1\/description\/[\w-]+\.webp$/);
    const served = await t.app.inject(uploaded.body.imageUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await call('POST', '/api/tiptap-delete-image', { src: uploaded.body.imageUrl })).body).toEqual({
      ok: true,
    });
    expect(filesIn(path.join(productDir('Products', 1), 'description'))).toEqual([]);
    await call(
      'POST',
      '/api/tiptap-upload-image/default/1',
      uploadForm({}, [{ name: 'b.png', data: await png(8, 8), field: 'image' }]),
    );
    expect((await call('DELETE', '/api/tiptap-delete-folder/default/1')).body).toEqual({ ok: true });
    expect(fs.existsSync(path.join(productDir('Products', 1), 'description'))).toBe(false);
    const none = await call('POST', '/api/tiptap-upload-image/default/1', uploadForm({ other: 'x' }, []));
    expect(none).toEqual({
      status: 400,
      body: { error: 'Invalid field "image": choose an image to upload.' },
    });
  });

  it('never lets the add form upload into an existing product, and drops leftovers of an abandoned add', async () => {
    const before = (await call('GET', '/api/product-images/default/1')).body.images;
    const refused = await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '1', shopType: 'default', forNewProduct: 'true' }, [
        { name: '1.webp', data: await png(9, 9) },
      ]),
    );
    expect(refused.status).toBe(409);
    expect((await call('GET', '/api/product-images/default/1')).body.images).toEqual(before);

    // An add abandoned after its upload leaves files under id 60; the next add of 60 names its own images.
    await call(
      'POST',
      '/api/upload-images',
      uploadForm({ productId: '60', shopType: 'default' }, [
        { name: '1.webp', data: await png(10, 10) },
        { name: '2.webp', data: await png(11, 11) },
      ]),
    );
    const added = await call('POST', '/api/add-product?shop=default', {
      id: 60,
      title: 'Fresh',
      main_category: 'A',
      category: 'B',
      images: [],
    });
    expect(added.status).toBe(201);
    expect((await call('GET', '/api/products/60?shop=default')).body.imagecount).toBe(0);
    expect(filesIn(productDir('Products', 60)).filter((name) => name.endsWith('.webp'))).toEqual([]);
  });

  it('keeps every image when uploads to one product arrive at once', async () => {
    const before = (await call('GET', '/api/product-images/default/1')).body.images.length;
    const uploads = Array.from({ length: 4 }, async (_, i) =>
      call(
        'POST',
        '/api/upload-images',
        uploadForm({ productId: '1', shopType: 'default' }, [
          { name: 'a.png', data: await png(20 + i, 20) },
          { name: 'b.png', data: await png(30 + i, 30) },
          { name: 'c.png', data: await png(40 + i, 40) },
        ]),
      ),
    );
    const answers = await Promise.all(uploads);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const after = (await call('GET', '/api/product-images/default/1')).body.images;
    expect(after).toHaveLength(before + 12);
    expect(after.at(-1)).toBe(`${before + 12}.webp`);
    expect((await call('GET', '/api/products/1?shop=default')).body.imagecount).toBe(before + 12);
  });

  it('deletes a product with all its images', async () => {
    await call(
      'POST',
      '/api/tiptap-upload-image/default/1',
      uploadForm({}, [{ name: 'c.png', data: await png(8, 8), field: 'image' }]),
    );
    const deleted = await call('DELETE', '/api/delete-product/default/1');
    expect(deleted).toEqual({
      status: 200,
      body: { ok: true, message: 'Product with ID 1 has been deleted' },
    });
    expect(fs.existsSync(productDir('Products', 1))).toBe(false);
    expect((await call('GET', '/api/products/1?shop=default')).status).toBe(404);
    expect((await call('DELETE', '/api/delete-product/default/1')).status).toBe(404);
  });
});
