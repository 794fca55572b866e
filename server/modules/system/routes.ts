import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../shared/schemas/catalog.js';
import { tagRoutes } from '../../http/openapi.js';
import { sellerSignInOn } from '../buyers/index.js';

/** /api/config; the health endpoints are in health.ts. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'system');
  const { config } = app.deps;

  const schema = {
    summary: 'The settings the browser reads at start',
    operationId: 'getPublicConfig',
    response: { 200: publicConfigSchema },
  };
  app.get('/api/config', { schema, config: { usesDatabase: false } }, async () => ({
    retailerName: config.RETAILER_NAME,
    signInMode: config.GOOGLE_CLIENT_ID ? ('google' as const) : ('demo' as const),
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    adminUserIds: config.ADMIN_USER_IDS,
    sellerSignIn: sellerSignInOn(config),
  }));
};
