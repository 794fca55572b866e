import type { FastifyInstance, FastifyRequest } from 'fastify';
import { documentSecurity } from '../../http/openapi-security.js';
import { adminActor, bearerToken, liveAdminSession } from '../admin-auth/index.js';
import { buyerFromRequest, signInRequired } from '../buyers/index.js';
import type { OrderCaller } from './purchases.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireBuyerOrAdmin for the calls both a buyer and the admin may make. */
    orderCaller?: OrderCaller;
  }
}

/**
 * For the one call docs/product.md §7 gives both sides (DELETE /api/purchase/{payment_id}): a live buyer token or a
 * live admin token, else 401. A buyer token is tried first: its signature is checked before the one read
 * of whether sign-out ended it.
 */
export function requireBuyerOrAdmin(scope: FastifyInstance): void {
  documentSecurity(scope, ['buyerBearer', 'adminBearer']);
  scope.addHook('onRequest', async (request) => {
    const buyer = await buyerFromRequest(request, scope.deps);
    if (buyer) {
      request.buyer = buyer;
      request.orderCaller = { kind: 'buyer', buyer };
      return;
    }
    const session = await liveAdminSession(scope.deps, bearerToken(request.headers.authorization));
    if (session !== undefined) {
      request.staffActor = adminActor(session, request.ip);
      request.orderCaller = { kind: 'admin', actor: request.staffActor };
      return;
    }
    throw signInRequired(request, ['buyer', 'admin']);
  });
}

export function orderCaller(request: FastifyRequest): OrderCaller {
  if (!request.orderCaller) throw signInRequired(request, ['buyer', 'admin']);
  return request.orderCaller;
}
