import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPreferencesSchema,
  accountRoleSchema,
  accountShippingAddressSchema,
} from '../../../shared/schemas/account.js';
import { okSchema } from '../../../shared/schemas/common.js';
import {
  demoSignInBodySchema,
  googleSignInBodySchema,
  signInResponseSchema,
} from '../../../shared/schemas/buying.js';
import { errorResponses, tagRoutes } from '../../http/openapi.js';
import { bearerToken } from '../admin-auth/index.js';
import type { GoogleVerifier } from './google.js';
import { currentBuyer, requireBuyer } from './require-buyer.js';
import * as buyers from './service.js';
import { signOut, type SignOuts } from './sign-out.js';

export interface BuyersRoutesOptions {
  /** Made once in app.ts; undefined when GOOGLE_CLIENT_ID is unset. */
  googleVerifier: GoogleVerifier | undefined;
  /** Told of each sign-out (the chat socket closes that session's sockets); made once in app.ts. */
  signOuts: SignOuts;
}

/** Buyer sign-in (docs/architecture.md §5): both ways answer { token, user } with the app's own session token. */
export const buyersRoutes: FastifyPluginAsyncZod<BuyersRoutesOptions> = async (
  app,
  { googleVerifier, signOuts },
) => {
  tagRoutes(app, 'buyers');
  const { db, secrets, config } = app.deps;

  app.post(
    '/api/auth/google',
    {
      schema: {
        summary: 'Signs a buyer in with a Google ID token; answers the shop’s session token',
        operationId: 'signInWithGoogle',
        body: googleSignInBodySchema,
        response: { 200: signInResponseSchema, ...errorResponses(401, 404, 502) },
      },
    },
    async (request, reply) => {
      const signedIn = await buyers.signInWithGoogle(
        db,
        secrets.sessionSecret,
        googleVerifier,
        request.body.credential,
      );
      return reply.header('Cache-Control', 'no-store').send(signedIn);
    },
  );

  app.post(
    '/api/auth/demo',
    {
      schema: {
        summary: 'Signs a buyer in by name and e-mail, where Google sign-in is off',
        operationId: 'signInAsDemo',
        body: demoSignInBodySchema,
        response: { 200: signInResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request, reply) => {
      const signedIn = await buyers.signInAsDemo(db, secrets.sessionSecret, config, request.body);
      return reply.header('Cache-Control', 'no-store').send(signedIn);
    },
  );

  app.post(
    '/api/auth/demo/seller',
    {
      schema: {
        summary: 'Signs in as the seller (SELLER_USER_ID), in development with the demo sign-in on',
        operationId: 'signInAsDemoSeller',
        response: { 200: signInResponseSchema, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      const signedIn = await buyers.signInAsSeller(db, secrets.sessionSecret, config);
      return reply.header('Cache-Control', 'no-store').send(signedIn);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        summary: 'Signs a buyer out: ends the bearer session token on the server and closes its chat sockets',
        operationId: 'signOut',
        response: { 200: okSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      await signOut(app.deps, signOuts, bearerToken(request.headers.authorization));
      return { ok: true as const };
    },
  );
};

/**
 * The signed-in buyer's own settings (issue 18) and last shipping address (issue 20): no id in the path,
 * so none can name another buyer's.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  requireBuyer(app);
  tagRoutes(app, 'buyers');
  const { db, config } = app.deps;

  app.get(
    '/api/account/preferences',
    {
      schema: {
        summary: 'The signed-in buyer’s settings',
        operationId: 'getAccountPreferences',
        response: { 200: accountPreferencesSchema },
      },
    },
    async (request) => buyers.getPreferences(db, currentBuyer(request)),
  );

  app.put(
    '/api/account/preferences',
    {
      schema: {
        summary: 'Saves the signed-in buyer’s settings',
        operationId: 'saveAccountPreferences',
        body: accountPreferencesSchema,
        response: { 200: accountPreferencesSchema },
      },
    },
    async (request) => buyers.savePreferences(db, currentBuyer(request), request.body),
  );

  app.get(
    '/api/account/role',
    {
      schema: {
        summary: 'What the signed-in user is to the shop (whether they answer the chats as the seller)',
        operationId: 'getAccountRole',
        response: { 200: accountRoleSchema },
      },
    },
    async (request) => buyers.accountRole(config, currentBuyer(request)),
  );

  app.get(
    '/api/account/shipping-address',
    {
      schema: {
        summary: 'The shipping address the signed-in buyer used last (null before their first purchase)',
        operationId: 'getAccountShippingAddress',
        response: { 200: accountShippingAddressSchema },
      },
    },
    async (request, reply) => {
      const answer = await buyers.getShippingAddress(db, currentBuyer(request));
      // One person's address: no cache along the way keeps it.
      return reply.header('Cache-Control', 'no-store').send(answer);
    },
  );
};
