import net from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginBodySchema,
  loginResponseSchema,
  verifyTokenBodySchema,
  verifyTokenResponseSchema,
} from '../../../shared/schemas/admin.js';
import { errorBodySchema, okSchema } from '../../../shared/schemas/common.js';
import { bearerToken, isValidAdminToken, login, logout } from './service.js';

/** The address the lockout counts against; anything odd (a forged header value) is cut to size. */
function clientAddress(ip: string): string {
  return net.isIP(ip) ? ip : ip.slice(0, 64) || 'unknown';
}

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
      const token = await login(db, secrets.adminPassword, clientAddress(request.ip), request.body.password);
      return reply.header('Cache-Control', 'no-store').send({ token });
    },
  );

  app.post('/api/logout', { schema: { response: { 200: okSchema } } }, async (request) => {
    await logout(db, bearerToken(request.headers.authorization));
    return { ok: true as const };
  });

  app.post(
    '/api/verify-token',
    { schema: { body: verifyTokenBodySchema, response: { 200: verifyTokenResponseSchema } } },
    async (request) => ({ valid: await isValidAdminToken(db, request.body.token) }),
  );
};
