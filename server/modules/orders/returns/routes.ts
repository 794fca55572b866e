/** The return calls (issue 28): the buyer's request, and the seller's list and decisions. HTTP only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentIdParamsSchema } from '../../../../shared/schemas/buying.js';
import {
  adminReturnsQuerySchema,
  adminReturnsResponseSchema,
  approveReturnBodySchema,
  createReturnBodySchema,
  createReturnResponseSchema,
  receiveReturnBodySchema,
  rejectReturnBodySchema,
  returnSchema,
  rmaParamsSchema,
} from '../../../../shared/schemas/returns.js';
import { errorResponses } from '../../../http/openapi.js';
import { requireAdmin, staffActor } from '../../admin-auth/index.js';
import { currentBuyer, requireBuyer } from '../../buyers/index.js';
import { decideReturn, listAdminReturns, receiveReturn, requestReturn } from './service.js';

/** The signed-in buyer's own order lines. */
export const buyerReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyer(app);
  const { db, config } = app.deps;

  app.post(
    '/api/my-purchases/:payment_id/returns',
    {
      schema: {
        summary:
          'Asks to return units of one of the buyer’s order lines marked sent, within the return window',
        operationId: 'requestReturn',
        params: paymentIdParamsSchema,
        body: createReturnBodySchema,
        response: { 201: createReturnResponseSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await requestReturn(
        db,
        currentBuyer(request),
        request.params.payment_id,
        request.body,
        config.RETURN_WINDOW_DAYS,
      );
      return reply.code(201).send(created);
    },
  );
};

export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  const { db } = app.deps;

  app.get(
    '/api/admin/returns',
    {
      schema: {
        summary: 'Every return (or those of one status), newest first, with its order line and buyer',
        operationId: 'listReturns',
        querystring: adminReturnsQuerySchema,
        response: { 200: adminReturnsResponseSchema },
      },
    },
    async (request) => listAdminReturns(db, request.query.status),
  );

  app.post(
    '/api/admin/returns/:rma/approve',
    {
      schema: {
        summary: 'Approves a requested return, with instructions for sending it back',
        operationId: 'approveReturn',
        params: rmaParamsSchema,
        body: approveReturnBodySchema,
        response: { 200: returnSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      decideReturn(db, staffActor(request), request.params.rma, 'approve', request.body.instructions),
  );

  app.post(
    '/api/admin/returns/:rma/reject',
    {
      schema: {
        summary: 'Rejects a requested return, with the reason',
        operationId: 'rejectReturn',
        params: rmaParamsSchema,
        body: rejectReturnBodySchema,
        response: { 200: returnSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      decideReturn(db, staffActor(request), request.params.rma, 'reject', request.body.reason),
  );

  app.post(
    '/api/admin/returns/:rma/receive',
    {
      schema: {
        summary: 'Marks an approved return received: its units back on sale under a grade, or not (null)',
        operationId: 'receiveReturn',
        params: rmaParamsSchema,
        body: receiveReturnBodySchema,
        response: { 200: returnSchema, ...errorResponses(404, 409) },
      },
    },
    async (request) =>
      receiveReturn(db, staffActor(request), request.params.rma, request.body.restock_condition),
  );
};
