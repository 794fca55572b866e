import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/constants.js';
import { productIdSchema, textInput } from '../../../shared/schemas/common.js';
import { SHOPS } from '../../../shared/shops.js';
import { errorResponses, imageResponse, notModifiedResponse, tagRoutes } from '../../http/openapi.js';
import { servableFile } from './safe-path.js';
import { productImageVariant, VARIANTS_FOLDER } from './variants.js';

const FOLDERS = Object.values(SHOPS).map((shop) => shop.imageFolder);
const folderParam = z.enum(FOLDERS as [string, ...string[]], {
  error: `must be one of ${FOLDERS.join(', ')}`,
});
const imageFileParam = z.string().regex(/^\d{1,4}\.webp$/, { error: 'must be an image name such as 2.webp' });
const WIDTHS = IMAGE_VARIANT_WIDTHS.map(String) as [string, ...string[]];
/** A versioned URL (?v={updated_at}) never changes content: an edited product gets new URLs. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * Product images under /images/{Folder}/{id}/…. The shop adds ?v={updated_at} to every image URL, so a
 * changed product gets new URLs, and a versioned URL is cached for good (immutable); plain URLs still
 * revalidate within the hour through ETag/Last-Modified. /images/{Folder}/{id}/w/{width}/{n}.webp is a
 * smaller copy (variants.ts).
 * @fastify/static follows symbolic links, so it only sends what servableFile has checked: a regular file
 * whose real path is inside the images folder; anything else is the same 404 as a missing file.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'images');
  const root = app.deps.config.imagesDir;
  fs.mkdirSync(root, { recursive: true });

  const serve = async (reply: FastifyReply, parts: string[]) => {
    // Only the canonical spelling of a path is served, as @fastify/static's own route did.
    if (parts.some((part) => part === '' || part === '.' || part === '..')) return reply.callNotFound();
    const file = await servableFile(root, ...parts);
    if (file === undefined) return reply.callNotFound();
    return reply.sendFile(file, root);
  };

  // docs/product.md §7: the admin screens read images through /api/images/{folder}/{id}/{file}, always fresh.
  app.get(
    '/api/images/:folder/:id/:file',
    {
      schema: {
        summary: 'A product picture as stored (never cached without revalidation)',
        operationId: 'getProductImage',
        params: z.object({ folder: folderParam, id: productIdSchema, file: imageFileParam }),
        response: { 200: imageResponse, 304: notModifiedResponse, ...errorResponses(404) },
      },
      config: { usesDatabase: false },
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
    // Set only when a file is sent, so a 404 is never cached. The admin's /api/images sets its own.
    setHeaders: (reply) => {
      if (!reply.hasHeader('Cache-Control')) {
        reply.header('Cache-Control', /[?&]v=[^&]/.test(reply.request.url) ? IMMUTABLE : REVALIDATE);
      }
    },
  });

  // A smaller copy of a gallery image, in an allowed width only (variants.ts).
  const variantsDir = path.join(app.deps.config.dataDir, VARIANTS_FOLDER);
  app.get(
    '/images/:folder/:id/w/:width/:file',
    {
      schema: {
        params: z.object({
          folder: folderParam,
          id: productIdSchema,
          width: z.enum(WIDTHS, { error: `must be one of ${WIDTHS.join(', ')}` }),
          file: imageFileParam,
        }),
      },
    },
    async (request, reply) => {
      const { folder, id, width, file } = request.params;
      const variant = await productImageVariant(root, variantsDir, {
        folder,
        id,
        width: Number(width),
        file,
      });
      if (variant === undefined) return reply.callNotFound();
      return reply.sendFile(variant, variantsDir);
    },
  );

  app.get('/images/*', { schema: { params: z.object({ '*': textInput() }) } }, async (request, reply) =>
    serve(reply, request.params['*'].split('/')),
  );
};
