/** The activity module's front door: what other modules may use of the staff activity log. */
export { type ActivityEntry, recordActivity } from './service.js';
