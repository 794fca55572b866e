/** The metrics module's front door. */
export { registerMetrics } from './metrics.js';
