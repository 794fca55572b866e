import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Product images under /images/{Folder}/{id}/…. The shop adds ?v={updated_at} to every image URL, so a
 * changed product gets new URLs; plain URLs still revalidate within the hour through ETag/Last-Modified.
 */
export const imageRoutes: FastifyPluginAsync = async (app) => {
  const root = app.deps.config.imagesDir;
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res) => {
      res.header('Cache-Control', 'public, max-age=3600, stale-while-revalidate=86400');
    },
  });
};
