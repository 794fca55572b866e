import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogOverviewSchema,
  catalogPageSchema,
  catalogQuerySchema,
  clickResponseSchema,
  overviewQuerySchema,
  productDetailSchema,
  productListResponseSchema,
  viewResponseSchema,
} from '../../../shared/schemas/catalog.js';
import { productIdParamsSchema, shopQuerySchema } from '../../../shared/schemas/common.js';
import { errorResponses, tagRoutes } from '../../http/openapi.js';
import { registerCatalogCaching, stateOf } from './freshness.js';
import { acceptedCoding } from '../../http/precompressed.js';
import { createFullLists, sendFullList } from './full-list.js';
import * as catalog from './service.js';
import { recordClick } from './clicks.js';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'catalog');
  const { db, secrets } = app.deps;
  // Every GET below is a public catalogue read: ETag, 304, Cache-Control and the per-process answer
  // cache come from this one place.
  registerCatalogCaching(app, db);

  app.get(
    '/api/catalog',
    {
      schema: {
        summary: 'One page of a shop’s products, filtered, searched and sorted',
        operationId: 'listCatalogPage',
        querystring: catalogQuerySchema,
        response: { 200: catalogPageSchema },
      },
    },
    async (request) => catalog.listCatalogPage(db, request.query),
  );

  app.get(
    '/api/catalog/overview',
    {
      schema: {
        summary: 'A shop’s front page: category rows, counts and the most viewed',
        operationId: 'getCatalogOverview',
        querystring: overviewQuerySchema,
        response: { 200: catalogOverviewSchema },
      },
    },
    async (request) => catalog.getCatalogOverview(db, request.query),
  );

  // docs/product.md §7's whole list: built in pages, shared and kept compressed per state (full-list.ts).
  const fullLists = createFullLists(db, app.log);
  app.get(
    '/api/products',
    {
      schema: {
        summary: 'Every product of a shop at once',
        operationId: 'listProducts',
        querystring: shopQuerySchema,
        response: { 200: productListResponseSchema },
      },
      config: { catalogAnswerCache: false },
    },
    async (request, reply) =>
      sendFullList(
        reply,
        await fullLists.answer(request.query.shop, stateOf(request), acceptedCoding(request)),
      ),
  );

  app.get(
    '/api/products/:id',
    {
      schema: {
        summary: 'One product with its conditions and description',
        operationId: 'getProduct',
        params: productIdParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: productDetailSchema, ...errorResponses(404) },
      },
    },
    async (request) => catalog.getProduct(db, request.query.shop, request.params.id),
  );

  app.post(
    '/api/products/:id/view',
    {
      schema: {
        summary: 'Counts a view of a product (once per visitor per day)',
        operationId: 'recordProductView',
        params: productIdParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: viewResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({
      ok: true as const,
      view_count: await catalog.recordView(
        db,
        request.query.shop,
        request.params.id,
        catalog.viewerKey(secrets.sessionSecret, request.ip),
      ),
    }),
  );

  // Issue 29: a press of an affiliate Buy link, sent by navigator.sendBeacon (an empty body, text/plain
  // or a JSON Blob: none is read). Its own route: it writes only product_clicks, so no catalogue version,
  // cache or shop page answer changes with it.
  app.post(
    '/api/products/:id/click',
    {
      schema: {
        summary: 'Counts a press of a product’s Buy link (once per visitor per 10 minutes, never a bot)',
        operationId: 'recordProductClick',
        params: productIdParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: clickResponseSchema, ...errorResponses(404) },
      },
    },
    async (request) => ({
      ok: true as const,
      counted: await recordClick(
        db,
        request.query.shop,
        request.params.id,
        catalog.viewerKey(secrets.sessionSecret, request.ip),
        request.headers['user-agent'],
      ),
    }),
  );
};
