import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '../../../shared/schemas/admin.js';
import { errorBodySchema, okSchema } from '../../../shared/schemas/common.js';
import { clientNetwork } from '../../http/client-address.js';
import { requireAdmin } from './require-admin.js';
import {
  bearerToken,
  deleteStaleSessions,
  isValidAdminToken,
  login,
  logout,
  logoutEverywhere,
} from './service.js';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // At start, so sessions of earlier credentials are gone even before anyone logs in again.
  await deleteStaleSessions(deps);

  app.post(
    '/api/login',
    {
      schema: {
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The lockout counts an IPv6 client by its /64: one subscriber can take a fresh address per guess.
      const token = await login(deps, clientNetwork(request.ip), request.body.password);
      return reply.header('Cache-Control', 'no-store').send({ token });
    },
  );

  app.post(
    '/api/logout',
    { schema: { body: logoutBodySchema, response: { 200: okSchema, 400: errorBodySchema } } },
    async (request) => {
      await logout(deps, [bearerToken(request.headers.authorization), request.body?.token]);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/verify-token',
    { schema: { body: verifyTokenBodySchema, response: { 200: verifyTokenResponseSchema } } },
    async (request) => ({ valid: await isValidAdminToken(deps, request.body.token) }),
  );

  await app.register(async (admin) => {
    requireAdmin(admin);
    admin.post('/api/logout-all', { schema: { response: { 200: okSchema } } }, async () => {
      await logoutEverywhere(deps);
      return { ok: true as const };
    });
  });
};
