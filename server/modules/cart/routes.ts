import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBodySchema,
  cartResponseSchema,
  googleUserParamsSchema,
  removeFromCartBodySchema,
  updateCartQuantityBodySchema,
} from '../../../shared/schemas/buying.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { errorResponses, tagRoutes } from '../../http/openapi.js';
import { assertOwnGoogleId, requireBuyer } from '../buyers/index.js';
import * as cart from './service.js';

/** The cart calls of docs/product.md §7, all of them the signed-in buyer's own (docs/architecture.md §6). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyer(app);
  tagRoutes(app, 'cart');
  const { db } = app.deps;

  app.get(
    '/api/cart/:googleUserId',
    {
      schema: {
        summary: 'The buyer’s cart',
        operationId: 'getCart',
        params: googleUserParamsSchema,
        response: { 200: cartResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => cart.getCart(db, assertOwnGoogleId(request, request.params.googleUserId)),
  );

  app.post(
    '/api/cart',
    {
      schema: {
        summary: 'Adds units of a product’s condition to the cart, up to its stock',
        operationId: 'addToCart',
        body: addToCartBodySchema,
        response: { 200: okSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await cart.addToCart(db, assertOwnGoogleId(request, request.body.google_id), request.body);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/cart/quantity',
    {
      schema: {
        summary: 'Sets the quantity of a cart line, up to its stock',
        operationId: 'setCartQuantity',
        body: updateCartQuantityBodySchema,
        response: { 200: okSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await cart.setCartQuantity(db, assertOwnGoogleId(request, request.body.google_id), request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/cart',
    {
      schema: {
        summary: 'Removes a line from the cart',
        operationId: 'removeFromCart',
        body: removeFromCartBodySchema,
        response: { 200: okSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await cart.removeFromCart(db, assertOwnGoogleId(request, request.body.google_id), request.body);
      return { ok: true as const };
    },
  );
};
