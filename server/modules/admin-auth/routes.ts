import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '../../../shared/schemas/admin.js';
import { okSchema } from '../../../shared/schemas/common.js';
import { errorResponses, tagRoutes } from '../../http/openapi.js';
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
  tagRoutes(app, 'admin-auth');
  const { deps } = app;
  // At start, so sessions of earlier credentials are gone even before anyone logs in again.
  await deleteStaleSessions(deps);

  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Logs the admin in with the admin password; answers a session token',
        operationId: 'logIn',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 429) },
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
    {
      schema: {
        summary: 'Ends one admin session (the bearer token, or the token in the body)',
        operationId: 'logOut',
        body: logoutBodySchema,
        response: { 200: okSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await logout(deps, [bearerToken(request.headers.authorization), request.body?.token]);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/verify-token',
    {
      schema: {
        summary: 'Whether an admin token is live',
        operationId: 'verifyAdminToken',
        body: verifyTokenBodySchema,
        response: { 200: verifyTokenResponseSchema },
      },
    },
    async (request) => ({ valid: await isValidAdminToken(deps, request.body.token) }),
  );

  await app.register(async (admin) => {
    requireAdmin(admin);
    const schema = {
      summary: 'Ends every admin session',
      operationId: 'logOutEverywhere',
      response: { 200: okSchema },
    };
    admin.post('/api/logout-all', { schema }, async () => {
      await logoutEverywhere(deps);
      return { ok: true as const };
    });
  });
};
