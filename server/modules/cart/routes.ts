import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartBodySchema,
  cartResponseSchema,
  googleUserParamsSchema,
  removeFromCartBodySchema,
  updateCartQuantityBodySchema,
} from '../../../shared/schemas/buying.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { assertOwnGoogleId, requireBuyer } from '../buyers/index.js';
import * as cart from './service.js';

/** The cart calls of docs/product.md §7, all of them the signed-in buyer's own (docs/architecture.md §6). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyer(app);
  const { db } = app.deps;

  app.get(
    '/api/cart/:googleUserId',
    { schema: { params: googleUserParamsSchema, response: { 200: cartResponseSchema } } },
    async (request) => cart.getCart(db, assertOwnGoogleId(request, request.params.googleUserId)),
  );

  app.post(
    '/api/cart',
    { schema: { body: addToCartBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await cart.addToCart(db, assertOwnGoogleId(request, request.body.google_id), request.body);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/cart/quantity',
    { schema: { body: updateCartQuantityBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await cart.setCartQuantity(db, assertOwnGoogleId(request, request.body.google_id), request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/cart',
    { schema: { body: removeFromCartBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await cart.removeFromCart(db, assertOwnGoogleId(request, request.body.google_id), request.body);
      return { ok: true as const };
    },
  );
};
