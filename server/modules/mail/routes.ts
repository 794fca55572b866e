import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outboxIdParamsSchema,
  outboxMailSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  outboxTestBodySchema,
} from '../../../shared/schemas/mail.js';
import { errorResponses, tagRoutes } from '../../http/openapi.js';
import { requireAdmin, staffActor } from '../admin-auth/index.js';
import { listOutbox, queueTestMail, resendMail } from './service.js';

/** The admin's outbox (issue 18): what was sent, what waits, and why it fails. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAdmin(app);
  tagRoutes(app, 'mail');
  const { db, config } = app.deps;

  app.get(
    '/api/admin/outbox',
    {
      schema: {
        summary: 'The outbox: e-mails sent, waiting and failing',
        operationId: 'listOutbox',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => listOutbox(db, config.SELLER_EMAIL, request.query),
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    {
      schema: {
        summary: 'Sends an e-mail of the outbox again',
        operationId: 'resendOutboxMail',
        params: outboxIdParamsSchema,
        response: { 200: outboxMailSchema, ...errorResponses(404) },
      },
    },
    async (request) => resendMail(db, config.SELLER_EMAIL, request.params.id, staffActor(request)),
  );

  app.post(
    '/api/admin/outbox/test',
    {
      schema: {
        summary: 'Queues a test e-mail',
        operationId: 'sendTestMail',
        body: outboxTestBodySchema,
        response: { 201: outboxMailSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await queueTestMail(db, config.SELLER_EMAIL, request.body)),
  );
};
