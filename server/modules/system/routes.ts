import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../shared/schemas/catalog.js';

/** /api/config; the health endpoints are in health.ts. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;

  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    retailerName: config.RETAILER_NAME,
    signInMode: config.GOOGLE_CLIENT_ID ? ('google' as const) : ('demo' as const),
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    adminUserIds: config.ADMIN_USER_IDS,
    sellerUserId: config.SELLER_USER_ID ?? null,
  }));
};
