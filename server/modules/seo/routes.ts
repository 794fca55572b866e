import type { FastifyPluginAsync } from 'fastify';
import { publicOrigin } from './origin.js';
import { robotsTxt } from './robots.js';
import { SITEMAP_URL_LIMIT, sitemapFile, sitemapIndex } from './sitemap.js';

export interface SeoRoutesOptions {
  /** URLs per sitemap file (default: the protocol's 50,000); tests lower it to see the paging. */
  sitemapUrlLimit?: number;
}

/** Sitemaps change as products do; crawlers come rarely, so an hour's reuse spares the database. */
const SITEMAP_CACHE = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (app, options) => {
  const { db, config } = app.deps;
  const limit = options.sitemapUrlLimit ?? SITEMAP_URL_LIMIT;

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(robotsTxt(publicOrigin(config, request))),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const xml = await sitemapIndex(db, publicOrigin(config, request), limit);
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', SITEMAP_CACHE).send(xml);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const body = await sitemapFile(db, publicOrigin(config, request), request.params.file, limit);
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', SITEMAP_CACHE).send(body);
  });
};
