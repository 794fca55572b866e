/** The system module's front door: its routes and the health check other parts register probes with. */
export { registerHealth, registerHealthProbe } from './health.js';
export { systemRoutes } from './routes.js';
