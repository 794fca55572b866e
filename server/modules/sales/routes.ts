import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { salesQuerySchema, salesResponseSchema } from '../../../shared/schemas/adminProducts.js';
import { requireAdmin } from '../admin-auth/index.js';
import { salesDashboard } from './service.js';

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  const { db } = app.deps;
  app.get(
    '/api/admin/sales',
    { schema: { querystring: salesQuerySchema, response: { 200: salesResponseSchema } } },
    async (request) => salesDashboard(db, request.query.days),
  );
};
