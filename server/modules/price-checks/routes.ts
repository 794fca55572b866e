import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  priceCheckNowResponseSchema,
  priceChecksResponseSchema,
  priceHistoryResponseSchema,
} from '../../../shared/schemas/priceChecks.js';
import { productIdParamsSchema, shopQuerySchema } from '../../../shared/schemas/common.js';
import { runPeriodically } from '../../periodic.js';
import { errorResponses, tagRoutes } from '../../http/openapi.js';
import { requireAdmin } from '../admin-auth/index.js';
import { PriceRefresh } from './refresh.js';
import { createPriceSource } from '../price-sources/index.js';
import { unhideEveryPrice } from './repository.js';
import { checkNow, priceChecks, priceHistory } from './service.js';

export interface PriceSourceOptions {
  /** How often this process ticks the refresh (default 1 s: at most one call a tick); 0 turns the timer off (tests). */
  refreshMs?: number;
  /** The clock the refresh reads (tests move it). */
  now?: () => number;
  /** Handed the refresh, so a test ticks it when it chooses. */
  onRefresh?: (refresh: PriceRefresh | undefined) => void;
}

/**
 * The price source of this process (issue 29), if one is configured: its refresh, run periodically
 * (never in a request), and the admin's Price checks calls. Without a source, prices hidden by an
 * earlier run are shown again (once, at start).
 */
export async function registerPriceSources(
  app: FastifyInstance,
  options: PriceSourceOptions = {},
): Promise<void> {
  const { config, db } = app.deps;
  const now = options.now ?? Date.now;
  const source = createPriceSource(config, now);
  const refresh = source
    ? new PriceRefresh(db, source, { now, refreshHours: config.PRICE_REFRESH_HOURS })
    : undefined;
  options.onRefresh?.(refresh);
  if (refresh) runPeriodically(app, 'The price refresh', options.refreshMs ?? 1000, () => refresh.tick());
  else {
    app.addHook('onReady', async () => {
      await unhideEveryPrice(db).catch((error: unknown) =>
        app.log.error({ err: error }, 'Showing prices failed'),
      );
    });
  }
  await app.register(priceCheckRoutes, { refresh, now });
}

const priceCheckRoutes: FastifyPluginAsyncZod<{
  refresh: PriceRefresh | undefined;
  now: () => number;
}> = async (app, { refresh, now }) => {
  requireAdmin(app);
  tagRoutes(app, 'price-sources');
  const { db, config } = app.deps;

  app.get(
    '/api/admin/price-checks',
    {
      schema: {
        summary: "A shop's price checks: the last pass, its counts, broken links and the last error",
        operationId: 'getPriceChecks',
        querystring: shopQuerySchema,
        response: { 200: priceChecksResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => priceChecks(db, request.query.shop, refresh, config.PRICE_REFRESH_HOURS),
  );

  app.post(
    '/api/admin/price-checks/:id/check',
    {
      schema: {
        summary: "Reads one product's price from the source now (within the source's rate)",
        operationId: 'checkProductPriceNow',
        params: productIdParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: priceCheckNowResponseSchema, ...errorResponses(400, 404, 409, 429, 502) },
      },
    },
    async (request) => checkNow(db, request.query.shop, request.params.id, refresh),
  );

  app.get(
    '/api/admin/price-checks/:id/history',
    {
      schema: {
        summary: "A product's price changes of the last 90 days and its 30-day low",
        operationId: 'getProductPriceHistory',
        params: productIdParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: priceHistoryResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => priceHistory(db, request.query.shop, request.params.id, now()),
  );
};
