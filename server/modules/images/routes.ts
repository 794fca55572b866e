import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productIdSchema } from '../../../shared/schemas/common.js';
import { SHOPS } from '../../../shared/shops.js';

const FOLDERS = Object.values(SHOPS).map((shop) => shop.imageFolder);

/**
 * Product images under /images/{Folder}/{id}/…. The shop adds ?v={updated_at} to every image URL, so a
 * changed product gets new URLs; plain URLs still revalidate within the hour through ETag/Last-Modified.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = app.deps.config.imagesDir;
  fs.mkdirSync(root, { recursive: true });

  // SPEC §7: the admin screens read images through /api/images/{folder}/{id}/{file}, always fresh.
  app.get(
    '/api/images/:folder/:id/:file',
    {
      schema: {
        params: z.object({
          folder: z.enum(FOLDERS as [string, ...string[]], { error: `must be one of ${FOLDERS.join(', ')}` }),
          id: productIdSchema,
          file: z.string().regex(/^\d{1,4}\.webp$/, { error: 'must be an image name such as 2.webp' }),
        }),
      },
    },
    async (request, reply) => {
      const { folder, id, file } = request.params;
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile(`${folder}/${id}/${file}`, root);
    },
  );

  await app.register(fastifyStatic, {
    root,
    prefix: '/images/',
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      if (!reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', 'public, max-age=3600, stale-while-revalidate=86400');
      }
    },
  });
};
