import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  bulkBodySchema,
  bulkQuerySchema,
  bulkResponseSchema,
  exportQuerySchema,
  importQuerySchema,
  importResponseSchema,
} from '../../../shared/schemas/adminProducts.js';
import { HttpError } from '../../http/errors.js';
import { binary, tagRoutes } from '../../http/openapi.js';
import { requireAdmin, staffActor } from '../admin-auth/index.js';
import { publicOrigin } from '../seo/index.js';
import { exportProducts, importProducts } from './csv.js';
import { listAdminProducts, runBulkAction } from './service.js';

/** An import larger than this is refused as it streams in (100,000 products with descriptions fit well). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;

/** Counts the bytes going through and fails the stream past the limit, with the sentence to answer. */
function limitBytes(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(new HttpError(413, `The CSV file is larger than ${max / 1024 / 1024} MB.`));
      else done(null, chunk);
    },
  });
}

export const catalogToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  tagRoutes(app, 'catalog-tools');
  const { db, config } = app.deps;
  // The import reads its body as it arrives: handed over unparsed, as a stream.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.get(
    '/api/admin/products',
    {
      schema: {
        summary: 'The admin’s products table: one page, filtered and sorted',
        operationId: 'listAdminProducts',
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsResponseSchema },
      },
    },
    async (request) => listAdminProducts(db, request.query),
  );

  app.post(
    '/api/admin/bulk',
    {
      schema: {
        summary: 'One action on many products (price, availability, delete)',
        operationId: 'runBulkAction',
        querystring: bulkQuerySchema,
        body: bulkBodySchema,
        response: { 200: bulkResponseSchema },
      },
    },
    async (request) => {
      const { shop } = request.query;
      const actor = staffActor(request);
      return { changed: await runBulkAction(db, config.imagesDir, shop, request.body, request.log, actor) };
    },
  );

  const exportSchema = {
    summary: 'A shop’s products as a CSV file',
    operationId: 'exportProducts',
    querystring: exportQuerySchema,
    response: {
      200: {
        description: 'The CSV file (UTF-8, a header row, each product’s updated_at as its version).',
        content: { 'text/csv': { schema: binary<Readable>('text/csv', 'CSV text, streamed.') } },
      },
    },
  };
  app.get('/api/admin/export', { schema: exportSchema }, async (request, reply) => {
    const { shop } = request.query;
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${shop}-products-${date}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(exportProducts(db, shop, publicOrigin(config, request)));
  });

  app.post(
    '/api/admin/import',
    {
      schema: {
        summary: 'Checks, and unless dryRun writes, a CSV file of a shop’s products',
        operationId: 'importProducts',
        querystring: importQuerySchema,
        consumes: ['text/csv'],
        documentedBody: z
          .string()
          .describe('The CSV file itself, as the export writes it (at most 200 MB), read as it streams in.'),
        response: { 200: importResponseSchema },
      },
    },
    async (request) => {
      if (!(request.body instanceof Readable)) {
        throw new HttpError(415, 'Send the CSV file as the request body with Content-Type text/csv.');
      }
      // The whole file is received before the import starts, so its transaction lasts as long as the
      // rows take to write, not as long as a slow upload takes to arrive.
      const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'storefront-import-'));
      const file = path.join(folder, 'import.csv');
      try {
        await pipeline(request.body, limitBytes(IMPORT_MAX_BYTES), fs.createWriteStream(file));
        return await importProducts(db, request.query.shop, fs.createReadStream(file), {
          dryRun: request.query.dryRun === 'true',
          origin: publicOrigin(config, request),
          log: request.log,
          actor: staffActor(request),
        });
      } finally {
        await fs.promises.rm(folder, { recursive: true, force: true });
      }
    },
  );
};
