import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productIdSchema, textInput } from '../../../shared/schemas/common.js';
import { SHOPS } from '../../../shared/shops.js';
import { servableFile } from './safe-path.js';

const FOLDERS = Object.values(SHOPS).map((shop) => shop.imageFolder);

/**
 * Product images under /images/{Folder}/{id}/…. The shop adds ?v={updated_at} to every image URL, so a
 * changed product gets new URLs; plain URLs still revalidate within the hour through ETag/Last-Modified.
 * @fastify/static follows symbolic links, so it only sends what servableFile has checked: a regular file
 * whose real path is inside the images folder; anything else is the same 404 as a missing file.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const root = app.deps.config.imagesDir;
  fs.mkdirSync(root, { recursive: true });

  const serve = async (reply: FastifyReply, parts: string[]) => {
    // Only the canonical spelling of a path is served, as @fastify/static's own route did.
    if (parts.some((part) => part === '' || part === '.' || part === '..')) return reply.callNotFound();
    const file = await servableFile(root, ...parts);
    if (file === undefined) return reply.callNotFound();
    return reply.sendFile(file, root);
  };

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
      return serve(reply, [folder, String(id), file]);
    },
  );

  await app.register(fastifyStatic, {
    root,
    serve: false,
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

  app.get('/images/*', { schema: { params: z.object({ '*': textInput() }) } }, async (request, reply) =>
    serve(reply, request.params['*'].split('/')),
  );
};
