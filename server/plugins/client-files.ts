import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { noSuchEndpoint } from '../http/error-handler.js';
import { servableFile } from '../modules/images/index.js';
import { catalogStateReader } from '../modules/catalog/index.js';
import { indexPageRenderer, overviewFromRoute } from '../modules/seo/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the built React app is: dist/client, whether this runs from server/ (tsx) or dist/server/. */
export function findClientDir(): string | undefined {
  const candidates = [path.resolve(here, '../../dist/client'), path.resolve(here, '../../client')];
  // A build has an assets folder; the source client/ (seen from server/) has none.
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, 'assets')),
  );
}

/**
 * The built SPA: hashed assets cached for a year, index.html for every other page route, with the head
 * (title, description, Open Graph, JSON-LD) of that page, revalidated on every visit.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // vite.config.ts emits hidden source maps for error trackers; a production shop does not hand them out.
  const hideSourceMaps = app.deps.config.NODE_ENV === 'production';
  const renderIndexPage = indexPageRenderer(
    app.deps,
    await fs.promises.readFile(path.join(clientDir, 'index.html'), 'utf8'),
    overviewFromRoute(app),
    catalogStateReader(app.deps.db),
  );
  // What the build holds at its top level, listed once: a page path (/pcshop, /account/orders) names
  // none of it, so it is answered without asking the file system whether it is a file, which cost a
  // shop page more than the rest of its answer (bench/README.md, bench:http). The build does not change
  // while the server runs; anything under a listed name is still checked as before.
  const topLevel = new Set(await fs.promises.readdir(clientDir));
  const mayBeFile = (url: string) => topLevel.has(url.split('/')[1] ?? '');
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/images/')) {
      return reply.code(404).send({ error: noSuchEndpoint(request) });
    }
    if (hideSourceMaps && /\.map$/i.test(url)) return reply.code(404).send({ error: 'No such file.' });
    const file =
      url === '/index.html' || !mayBeFile(url) ? undefined : await servableFile(clientDir, ...url.split('/'));
    if (file !== undefined) return reply.sendFile(file);
    const page = await renderIndexPage(request);
    reply.header('Cache-Control', 'no-cache');
    if (page.etag !== undefined) {
      reply.header('ETag', page.etag);
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === page.etag)) {
        return reply.code(304).send();
      }
    }
    return page.body.send(request, reply, 'text/html; charset=utf-8');
  });
}
