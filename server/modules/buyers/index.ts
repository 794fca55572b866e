/** The buyers module's front door: signing buyers in, and reading the signed-in buyer of a request. */
export { createGoogleVerifier } from './google.js';
export { insertUserIfMissing, lockUser } from './repository.js';
export {
  assertOwnGoogleId,
  buyerFromRequest,
  currentBuyer,
  requireBuyer,
  SIGN_IN_REQUIRED,
} from './require-buyer.js';
export { buyersRoutes } from './routes.js';
export { verifySession } from './session-token.js';
