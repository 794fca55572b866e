import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { salesQuerySchema, salesResponseSchema } from '../../../shared/schemas/adminProducts.js';
import { tagRoutes } from '../../http/openapi.js';
import { requireAdmin } from '../admin-auth/index.js';
import { salesDashboard } from './service.js';

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  tagRoutes(app, 'sales');
  const { db } = app.deps;
  app.get(
    '/api/admin/sales',
    {
      schema: {
        summary: 'Sales per day and per shop over the last days',
        operationId: 'getSalesDashboard',
        querystring: salesQuerySchema,
        response: { 200: salesResponseSchema },
      },
    },
    async (request) => salesDashboard(db, request.query.days),
  );
};
