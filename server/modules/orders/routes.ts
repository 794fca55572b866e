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
import { errorResponses, tagRoutes } from '../../http/openapi.js';
import { requireAdmin, staffActor } from '../admin-auth/index.js';
import { assertOwnGoogleId, requireBuyer } from '../buyers/index.js';
import { orderCaller, requireBuyerOrAdmin } from './require-buyer-or-admin.js';
import { acceptPayment } from './accept.js';
import { listAdminOrders, setShipped } from './admin-orders.js';
import { createCartPurchase } from './cart-checkout.js';
import { createPurchase } from './checkout.js';
import { recordRefund } from './refunds.js';
import { cancelDeletedInvoice, deletePurchase, listMyPurchases } from './purchases.js';
import { adminReturnRoutes, buyerReturnRoutes } from './returns/routes.js';

/** The buyer's purchases (docs/product.md §7): each call the signed-in buyer's own. */
const buyerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyer(app);
  const { db, paymentProvider, config } = app.deps;

  app.post(
    '/api/create-purchase',
    {
      schema: {
        summary: 'Buys units of one product’s condition: holds them and answers the payment page',
        operationId: 'createPurchase',
        body: createPurchaseBodySchema,
        response: { 201: createPurchaseResponseSchema, ...errorResponses(403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const buyer = assertOwnGoogleId(request, request.body.google_id);
      const created = await createPurchase(db, paymentProvider, buyer, request.body, {
        log: request.log,
        maxHeldUnits: config.MAX_HELD_UNITS_PER_BUYER,
      });
      return reply.code(201).send(created);
    },
  );

  /** "Checkout all" (issue 18): every listed cart line on one invoice, all reserved or none. */
  app.post(
    '/api/create-cart-purchase',
    {
      schema: {
        summary: 'Buys the listed cart lines on one invoice, all held or none',
        operationId: 'createCartPurchase',
        body: createCartPurchaseBodySchema,
        response: { 201: createCartPurchaseResponseSchema, ...errorResponses(403, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const buyer = assertOwnGoogleId(request, request.body.google_id);
      const created = await createCartPurchase(db, paymentProvider, buyer, request.body, {
        log: request.log,
        maxHeldUnits: config.MAX_HELD_UNITS_PER_BUYER,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/my-purchases/:googleUserId',
    {
      schema: {
        summary: 'The buyer’s orders',
        operationId: 'listMyPurchases',
        params: googleUserParamsSchema,
        response: { 200: myPurchasesResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => listMyPurchases(db, assertOwnGoogleId(request, request.params.googleUserId), config),
  );
};

/** docs/product.md §7 gives DELETE /api/purchase/{payment_id} to the buyer and to the admin alike. */
const purchaseDeleteRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyerOrAdmin(app);
  const { db, paymentProvider } = app.deps;

  app.delete(
    '/api/purchase/:payment_id',
    {
      schema: {
        summary: 'Deletes an unpaid order (the buyer’s own, or any as the admin), returning its units',
        operationId: 'deletePurchase',
        params: paymentIdParamsSchema,
        response: { 200: okSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await deletePurchase(db, orderCaller(request), request.params.payment_id, (order) =>
        cancelDeletedInvoice(paymentProvider, order, request.log),
      );
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
    {
      schema: {
        summary: 'The admin’s orders page: one page of orders, filtered (X-Total-Count: all matching)',
        operationId: 'listAdminOrders',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersResponseSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAdminOrders(db, request.query, config.ORDER_HOLD_MINUTES);
      // docs/product.md §7 reads a bare array; the count of every matching order travels beside it.
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.patch(
    '/api/admin-purchases/:payment_id/shipped',
    {
      schema: {
        summary: 'Marks a paid order sent, with its tracking number',
        operationId: 'markOrderShipped',
        params: paymentIdParamsSchema,
        body: shippedBodySchema,
        response: { 200: okSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await setShipped(db, request.params.payment_id, request.body, staffActor(request));
      return { ok: true as const };
    },
  );

  /** A refund the seller made outside the shop (issue 18), recorded on a paid order or its group. */
  app.post(
    '/api/admin-purchases/:payment_id/refund',
    {
      schema: {
        summary: 'Records a refund made outside the shop on a paid order or its group',
        operationId: 'recordRefund',
        params: paymentIdParamsSchema,
        body: refundBodySchema,
        response: { 200: okSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await recordRefund(db, request.params.payment_id, request.body, staffActor(request));
      return { ok: true as const };
    },
  );
};

/**
 * The seller accepts the money that arrived as the payment (issue 28): for an order or group that went
 * wrong (partly paid and expired, paid late after its units were sold, overpaid).
 */
const acceptRoute: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  const { db } = app.deps;
  app.post(
    '/api/admin-purchases/:payment_id/accept',
    {
      schema: {
        summary: 'Accepts the money that arrived for an order (or its group) as its payment',
        operationId: 'acceptPayment',
        params: paymentIdParamsSchema,
        response: { 200: okSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) => {
      await acceptPayment(db, request.params.payment_id, staffActor(request));
      return { ok: true as const };
    },
  );
};

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'orders');
  await app.register(buyerOrderRoutes);
  await app.register(purchaseDeleteRoutes);
  await app.register(adminOrderRoutes);
  await app.register(acceptRoute);
  await app.register(buyerReturnRoutes);
  await app.register(adminReturnRoutes);
};
