import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTestApp, type TestApp } from '../../test/harness.js';
import { createLinkFetcher, isPrivateAddress, LINK_MAX_PARALLEL } from './fetch-link.js';
import { productImageDir, storeProductImages } from './store.js';

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

  it('gives one answer for a link that is not an image, missing or unreachable', async () => {
    for (const url of [
      `${base}/page.html`,
      `${base}/nothing.png`,
      `${base}/%zz.png`,
      'http://127.0.0.1:9/x.png',
    ]) {
      const response = await fromLink(open, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'The link did not lead to an image we can use.' });
    }
    const ftp = await fromLink(open, 'file:///etc/passwd');
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error).toMatch(/http:\/\/ or https:\/\//);
  });

  it('refuses private network addresses unless configured for local use', async () => {
    const response = await fromLink(guarded, `${base}/photo.png`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'That link points to a private network address.' });
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::1]/',
      'http://localhost/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      const response = await fromLink(guarded, url);
      expect(response.json(), url).toEqual({ error: 'That link points to a private network address.' });
    }
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
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '2002:7f00:1::',
      'not-an-ip',
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
    await storeProductImages(await productImageDir(open.config.imagesDir, 'pc', 5), [webp], 'replace');
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

describe('the deadline and parallel cap of image links', () => {
  let server: http.Server;
  let base: string;
  let png: Buffer;
  let open = 0;
  let mostOpen = 0;
  const timers = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#abc' } })
      .png()
      .toBuffer();
    server = http.createServer((request, response) => {
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      response.on('close', () => (open -= 1));
      if (request.url === '/drip.png') {
        // Headers at once, then one byte every 200 ms of a body that never ends.
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
        const timer = setInterval(() => response.write('x'), 200);
        timers.add(timer);
        response.on('close', () => clearInterval(timer));
        return;
      }
      if (request.url === '/silent.png') return; // accepts, never answers
      if (request.url === '/slow-ok.png') {
        const timer = setTimeout(
          () => response.writeHead(200, { 'content-type': 'image/png' }).end(png),
          250,
        );
        timers.add(timer);
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const timed = async (work: Promise<unknown>) => {
    const started = Date.now();
    const outcome = await work.then(
      () => ({ status: 200, message: '' }),
      (error: { statusCode: number; message: string }) => ({
        status: error.statusCode,
        message: error.message,
      }),
    );
    return { ...outcome, ms: Date.now() - started };
  };

  it('gives up on a server that drips its body or never answers, at the deadline', async () => {
    const fetchLink = createLinkFetcher({ allowPrivate: true, deadlineMs: 800 });
    for (const link of [`${base}/drip.png`, `${base}/silent.png`]) {
      const outcome = await timed(fetchLink(link));
      expect(outcome, link).toMatchObject({
        status: 504,
        message: 'The linked server did not send the image within 0.8 seconds.',
      });
      expect(outcome.ms, link).toBeGreaterThanOrEqual(750);
      expect(outcome.ms, link).toBeLessThan(1500);
    }
  });

  it('fetches at most a few links at once; the rest wait their turn', async () => {
    const fetchLink = createLinkFetcher({ allowPrivate: true, maxParallel: 2 });
    mostOpen = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => timed(fetchLink(`${base}/slow-ok.png`))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(mostOpen).toBe(2);
  });

  it('answers 503 at once when too many links wait, and ends waiters at their deadline', async () => {
    const busy = 'Too many linked images are being fetched at once; try again in a moment.';
    const fetchLink = createLinkFetcher({
      allowPrivate: true,
      maxParallel: 1,
      maxWaiting: 1,
      deadlineMs: 600,
    });
    const [running, waiting, refused] = await Promise.all([
      timed(fetchLink(`${base}/drip.png`)),
      timed(fetchLink(`${base}/drip.png`)),
      timed(fetchLink(`${base}/drip.png`)),
    ]);
    expect(running.status).toBe(504);
    // One deadline covers waiting and fetching: the waiter gets the turn the runner gives back at the
    // deadline, and its own deadline ends it (503 if still waiting, else 504), never later.
    expect([503, 504]).toContain(waiting.status);
    expect(waiting.ms).toBeLessThan(1200);
    expect(refused).toMatchObject({ status: 503, message: busy });
    expect(refused.ms).toBeLessThan(100);
    // Every turn was given back: the fetcher still works.
    expect((await timed(fetchLink(`${base}/slow-ok.png`))).status).toBe(200);
  });

  it('caps the endpoint at the default number of fetches at once', async () => {
    const t = await createTestApp('sqlite', { IMAGE_LINKS_ALLOW_PRIVATE: 'true' });
    try {
      const headers = await adminHeaders(t);
      mostOpen = 0;
      const responses = await Promise.all(
        Array.from({ length: LINK_MAX_PARALLEL + 3 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/image-from-link',
            headers,
            payload: { url: `${base}/slow-ok.png` },
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(
        Array.from({ length: LINK_MAX_PARALLEL + 3 }, () => 200),
      );
      expect(mostOpen).toBe(LINK_MAX_PARALLEL);
    } finally {
      await t.close();
    }
  });
});
