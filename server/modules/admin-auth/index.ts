/** The admin-auth module's front door: what the rest of the server may use of the admin's sign-in. */
export { deleteAllLoginFailures } from './repository.js';
export { requireAdmin, staffActor } from './require-admin.js';
export { adminAuthRoutes } from './routes.js';
export { adminActor, bearerToken, isValidAdminToken, liveAdminSession } from './service.js';
