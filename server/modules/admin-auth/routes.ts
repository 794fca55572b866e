import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  loginResponseSchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '../../../shared/schemas/admin.js';
import { errorBodySchema } from '../../../shared/schemas/common.js';
import { isValidAdminToken, login } from './service.js';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, secrets } = app.deps;

  app.post(
    '/api/login',
    {
      schema: {
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const token = await login(db, secrets.adminPassword, request.ip, request.body.password);
      return reply.header('Cache-Control', 'no-store').send({ token });
    },
  );

  app.post(
    '/api/verify-token',
    { schema: { body: verifyTokenBodySchema, response: { 200: verifyTokenResponseSchema } } },
    async (request) => ({ valid: await isValidAdminToken(db, request.body.token) }),
  );
};
