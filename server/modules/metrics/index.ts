/** The metrics module's front door. */
export { registerMetrics } from './metrics.js';
export type { LoopDelay } from './loop-delay.js';
