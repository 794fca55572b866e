import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, publicConfigSchema } from '../../../shared/schemas/catalog.js';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, dialect } = app.deps;

  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({
    ok: true as const,
    db: dialect,
  }));

  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () => ({
    retailerName: config.RETAILER_NAME,
    signInMode: config.GOOGLE_CLIENT_ID ? ('google' as const) : ('demo' as const),
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    adminUserIds: config.ADMIN_USER_IDS,
    sellerUserId: config.SELLER_USER_ID ?? null,
  }));
};
