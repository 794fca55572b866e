/** The catalog-tools module's front door. */
export { catalogToolsRoutes } from './routes.js';
