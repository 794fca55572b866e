/** The sales module's front door. */
export { salesRoutes } from './routes.js';
