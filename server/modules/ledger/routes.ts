import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerQuerySchema, ledgerResponseSchema } from '../../../shared/schemas/ledger.js';
import { binary, tagRoutes } from '../../http/openapi.js';
import { requireAdmin } from '../admin-auth/index.js';
import { ledgerCsv } from './csv.js';
import { ledgerOf } from './service.js';

/** The admin's Money screen (issue 28): the ledger of a period, as JSON and as CSV. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  tagRoutes(app, 'ledger');
  const { db } = app.deps;

  app.get(
    '/api/admin/ledger',
    {
      schema: {
        summary: 'Every movement of money in a period (UTC days, both included), with its totals',
        operationId: 'getLedger',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerResponseSchema },
      },
    },
    async (request) => ledgerOf(db, request.query),
  );

  app.get(
    '/api/admin/ledger.csv',
    {
      schema: {
        summary: 'The ledger of a period as a CSV file',
        operationId: 'exportLedger',
        querystring: ledgerQuerySchema,
        response: {
          200: {
            description:
              'at,order,buyer_email,provider,kind,amount,currency,reference,actor (UTF-8, a header row).',
            content: { 'text/csv': { schema: binary<Readable>('text/csv', 'CSV text.') } },
          },
        },
      },
    },
    async (request, reply) => {
      const ledger = await ledgerOf(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="ledger-${ledger.from}-to-${ledger.to}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(ledgerCsv(ledger.rows));
    },
  );
};
