import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboxIdParamsSchema,
  outboxMailSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  outboxTestBodySchema,
} from '../../../shared/schemas/mail.js';
import { requireAdmin } from '../admin-auth/index.js';
import { listOutbox, queueTestMail, resendMail } from './service.js';

/** The admin's outbox (issue 18): what was sent, what waits, and why it fails. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  const { db, config } = app.deps;

  app.get(
    '/api/admin/outbox',
    { schema: { querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } } },
    async (request) => listOutbox(db, config.SELLER_EMAIL, request.query),
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    { schema: { params: outboxIdParamsSchema, response: { 200: outboxMailSchema } } },
    async (request) => resendMail(db, config.SELLER_EMAIL, request.params.id),
  );

  app.post(
    '/api/admin/outbox/test',
    { schema: { body: outboxTestBodySchema, response: { 201: outboxMailSchema } } },
    async (request, reply) =>
      reply.code(201).send(await queueTestMail(db, config.SELLER_EMAIL, request.body)),
  );
};
