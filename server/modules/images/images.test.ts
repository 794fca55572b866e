import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTestApp, type TestApp } from '../../test/harness.js';
import { isPrivateAddress } from './fetch-link.js';
import { storeProductImages } from './store.js';

describe('image links and admin image views', () => {
  let open: TestApp;
  let guarded: TestApp;
  let linkServer: http.Server;
  let base: string;

  beforeAll(async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    linkServer = http.createServer((request, response) => {
      if (request.url === '/photo.png')
        return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (request.url === '/moved') return response.writeHead(302, { location: '/photo.png' }).end();
      if (request.url === '/page.html')
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
      return response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => linkServer.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(linkServer.address() as AddressInfo).port}`;
    open = await createTestApp('sqlite', { IMAGE_LINKS_ALLOW_PRIVATE: 'true' });
    guarded = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
    linkServer.close();
  });

  const fromLink = async (t: TestApp, url: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/image-from-link',
      headers: await adminHeaders(t),
      payload: { url },
    });

  it('fetches a linked image, following a redirect, and answers it as .webp', async () => {
    for (const path of ['/photo.png', '/moved']) {
      const response = await fromLink(open, `${base}${path}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 30,
        height: 20,
      });
    }
  });

  it('says clearly when a link is not an image, missing, or not a web address', async () => {
    expect((await fromLink(open, `${base}/page.html`)).json()).toEqual({
      error: '"page.html" is not an image we can read.',
    });
    const missing = await fromLink(open, `${base}/nothing.png`);
    expect(missing.statusCode).toBe(502);
    expect(missing.json().error).toBe('The link answered with status 404.');
    const ftp = await fromLink(open, 'file:///etc/passwd');
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error).toMatch(/http:\/\/ or https:\/\//);
  });

  it('refuses private network addresses unless configured for local use', async () => {
    const response = await fromLink(guarded, `${base}/photo.png`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'That link points to a private network address.' });
    const metadata = await fromLink(guarded, 'http://169.254.169.254/latest/meta-data');
    expect(metadata.statusCode).toBe(400);
    const anonymous = await guarded.app.inject({
      method: 'POST',
      url: '/api/image-from-link',
      payload: { url: `${base}/photo.png` },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('classifies addresses', () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('serves admin image views fresh, and refuses odd names', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    await storeProductImages(`${open.config.imagesDir}/PCProducts/5`, [webp], 'replace');
    const view = await open.app.inject('/api/images/PCProducts/5/1.webp');
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-cache');
    expect((await open.app.inject('/api/images/PCProducts/5/2.webp')).statusCode).toBe(404);
    expect((await open.app.inject('/api/images/Secrets/5/1.webp')).statusCode).toBe(400);
    expect((await open.app.inject('/api/images/PCProducts/5/..%2F..%2F..%2Fsecrets.json')).statusCode).toBe(
      400,
    );
  });
});
