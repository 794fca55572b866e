import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrdersQuerySchema,
  adminOrdersResponseSchema,
  createCartPurchaseBodySchema,
  createCartPurchaseResponseSchema,
  createPurchaseBodySchema,
  createPurchaseResponseSchema,
  googleUserParamsSchema,
  myPurchasesResponseSchema,
  paymentIdParamsSchema,
  refundBodySchema,
  shippedBodySchema,
} from '../../../shared/schemas/buying.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { requireAdmin } from '../admin-auth/index.js';
import { assertOwnGoogleId, requireBuyer } from '../buyers/index.js';
import { orderCaller, requireBuyerOrAdmin } from './require-buyer-or-admin.js';
import { listAdminOrders, setShipped } from './admin-orders.js';
import { createCartPurchase } from './cart-checkout.js';
import { createPurchase } from './checkout.js';
import { recordRefund } from './refunds.js';
import { deletePurchase, listMyPurchases } from './purchases.js';

/** The buyer's purchases (docs/product.md §7): each call the signed-in buyer's own. */
const buyerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyer(app);
  const { db, paymentProvider, config } = app.deps;

  app.post(
    '/api/create-purchase',
    { schema: { body: createPurchaseBodySchema, response: { 201: createPurchaseResponseSchema } } },
    async (request, reply) => {
      const buyer = assertOwnGoogleId(request, request.body.google_id);
      const created = await createPurchase(db, paymentProvider, buyer, request.body, {
        log: request.log,
      });
      return reply.code(201).send(created);
    },
  );

  /** "Checkout all" (issue 18): every listed cart line on one invoice, all reserved or none. */
  app.post(
    '/api/create-cart-purchase',
    { schema: { body: createCartPurchaseBodySchema, response: { 201: createCartPurchaseResponseSchema } } },
    async (request, reply) => {
      const buyer = assertOwnGoogleId(request, request.body.google_id);
      const created = await createCartPurchase(db, paymentProvider, buyer, request.body, {
        log: request.log,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/my-purchases/:googleUserId',
    { schema: { params: googleUserParamsSchema, response: { 200: myPurchasesResponseSchema } } },
    async (request) =>
      listMyPurchases(db, assertOwnGoogleId(request, request.params.googleUserId), config.ORDER_HOLD_MINUTES),
  );
};

/** docs/product.md §7 gives DELETE /api/purchase/{payment_id} to the buyer and to the admin alike. */
const purchaseDeleteRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyerOrAdmin(app);
  const { db } = app.deps;

  app.delete(
    '/api/purchase/:payment_id',
    { schema: { params: paymentIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deletePurchase(db, orderCaller(request), request.params.payment_id);
      return { ok: true as const };
    },
  );
};

/** The admin orders page (docs/product.md §2, §7). */
const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  const { db, config } = app.deps;

  app.get(
    '/api/admin-purchases',
    { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersResponseSchema } } },
    async (request, reply) => {
      const { items, total } = await listAdminOrders(db, request.query, config.ORDER_HOLD_MINUTES);
      // docs/product.md §7 reads a bare array; the count of every matching order travels beside it.
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.patch(
    '/api/admin-purchases/:payment_id/shipped',
    { schema: { params: paymentIdParamsSchema, body: shippedBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await setShipped(db, request.params.payment_id, request.body);
      return { ok: true as const };
    },
  );

  /** A refund the seller made outside the shop (issue 18), recorded on a paid order or its group. */
  app.post(
    '/api/admin-purchases/:payment_id/refund',
    { schema: { params: paymentIdParamsSchema, body: refundBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await recordRefund(db, request.params.payment_id, request.body);
      return { ok: true as const };
    },
  );
};

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(buyerOrderRoutes);
  await app.register(purchaseDeleteRoutes);
  await app.register(adminOrderRoutes);
};
