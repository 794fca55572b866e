import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_NAME } from '../shared/shops.js';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { createTestApp, type TestApp } from './test/harness.js';

describe('serving the built client', () => {
  let t: TestApp;
  let clientDir: string;
  let outside: string;
  const apps: FastifyInstance[] = [];

  const appIn = async (NODE_ENV: Config['NODE_ENV']) => {
    const app = await buildApp(
      { ...t.app.deps, config: { ...t.app.deps.config, NODE_ENV } },
      { clientDir, orderSweepMs: 0 },
    );
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-client-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-outside-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>shop</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'x.js'), 'console.log(1);');
    fs.writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'x.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    fs.writeFileSync(path.join(outside, 'private.txt'), 'not for visitors');
    fs.symlinkSync(path.join(outside, 'private.txt'), path.join(clientDir, 'assets', 'leak.js'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('does not serve source maps in production', async () => {
    const app = await appIn('production');
    const script = await app.inject('/assets/x.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/x.js.map', '/assets/x.js.map?v=1', '/assets/X.JS.MAP']) {
      const map = await app.inject(url);
      expect(map.statusCode, url).toBe(404);
      expect(map.json(), url).toEqual({ error: 'No such file.' });
    }
  });

  it('serves source maps in development', async () => {
    const map = await (await appIn('development')).inject('/assets/x.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret.tsx');
  });

  it('answers a symbolic link in the client folder with the page, not what the link points to', async () => {
    const app = await appIn('production');
    const leak = await app.inject('/assets/leak.js');
    expect(leak.body).not.toContain('not for visitors');
    // The page: index.html with the generic head the server writes for a path that is no shop's.
    expect(leak.body).toContain(`<title>${SITE_NAME}</title>`);
    expect((await app.inject('/products/1')).body).toContain(`<title>${SITE_NAME}</title>`);
  });

  it('serves the files at the top of the build, and answers every other path with the page', async () => {
    const app = await appIn('production');
    const icon = await app.inject('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('<svg');
    for (const url of ['/pcshop', '/pcshop/', '/account/orders', '/favicon.svg.bak', '/assets']) {
      const page = await app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });
});
