/** The admin-auth module's front door: what the rest of the server may use of the admin's sign-in. */
export { deleteAllLoginFailures } from './repository.js';
export { requireAdmin } from './require-admin.js';
export { adminAuthRoutes } from './routes.js';
export { bearerToken, isValidAdminToken } from './service.js';
