/**
 * The buyers module's front door: signing buyers in and out (the sessions sign-out ended, which the chat
 * socket checks and follows), reading the signed-in buyer of a request, their
 * own settings (the chat e-mail preference, read by the chat's e-mail notices) and the shipping address
 * each purchase keeps as their last (`saveShippingAddress`, in the purchase's transaction).
 */
export { createGoogleVerifier } from './google.js';
export {
  findChatEmailAddress,
  insertUserIfMissing,
  lockUser,
  saveShippingAddress,
  shippingColumns,
} from './repository.js';
export {
  assertOwnGoogleId,
  buyerFromRequest,
  currentBuyer,
  requireBuyer,
  signInRequired,
  SIGN_IN_REQUIRED,
} from './require-buyer.js';
export { accountRoutes, buyersRoutes } from './routes.js';
export { sellerSignInOn } from './service.js';
export {
  createSignOuts,
  liveSession,
  scheduleRevocationPurge,
  sessionEnded,
  type SessionDeps,
  type SignOuts,
} from './sign-out.js';
