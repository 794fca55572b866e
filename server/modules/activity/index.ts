/** The activity module's front door: what other modules may use of the staff activity log. */
export { activityRoutes } from './routes.js';
export { type ActivityEntry, changedFields, recordActivity } from './service.js';
export { scheduleActivityRetention } from './sweep.js';
