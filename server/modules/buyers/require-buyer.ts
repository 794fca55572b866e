import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import { type BearerRealm, HttpError, Unauthorized } from '../../http/errors.js';
import { documentSecurity } from '../../http/openapi-security.js';
import { bearerToken } from '../admin-auth/index.js';
import { liveSession, type SessionDeps } from './sign-out.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in buyer, set by requireBuyer for every route in its scope. */
    buyer?: SessionUser;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/**
 * The buyer whose live session token the request carries as its bearer token, if any: signed by us, not
 * run out, and not ended by sign-out (one primary-key read of buyer_token_revocations, issue 33).
 */
export async function buyerFromRequest(
  request: FastifyRequest,
  deps: SessionDeps,
): Promise<SessionUser | undefined> {
  const token = bearerToken(request.headers.authorization);
  return token ? (await liveSession(deps, token))?.user : undefined;
}

/** The 401 of a route that wants a bearer token of `realms`: none came, or the one that came was refused. */
export function signInRequired(request: FastifyRequest, realms: BearerRealm[]): Unauthorized {
  return new Unauthorized(SIGN_IN_REQUIRED, realms, bearerToken(request.headers.authorization) !== undefined);
}

/** The one buyer hook (docs/architecture.md §6): every route registered in this plugin's scope needs a live auth_token. */
export function requireBuyer(scope: FastifyInstance): void {
  documentSecurity(scope, ['buyerBearer']);
  scope.addHook('onRequest', async (request) => {
    const user = await buyerFromRequest(request, scope.deps);
    if (!user) throw signInRequired(request, ['buyer']);
    request.buyer = user;
  });
}

/** The signed-in buyer of a route behind requireBuyer. */
export function currentBuyer(request: FastifyRequest): SessionUser {
  if (!request.buyer) throw signInRequired(request, ['buyer']);
  return request.buyer;
}

/** A google id named in a path or body must be the caller's own (docs/architecture.md §6), else 403. */
export function assertOwnGoogleId(request: FastifyRequest, googleId: string): SessionUser {
  const buyer = currentBuyer(request);
  if (buyer.sub !== googleId) throw new HttpError(403, 'That account is not yours.');
  return buyer;
}
