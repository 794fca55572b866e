/** The seo module's front door: its routes, the page heads plugins/client-files.ts writes, and the origin. */
export { overviewFromRoute } from './first-view.js';
export { indexPageRenderer } from './index-page.js';
export { publicOrigin } from './origin.js';
export { seoRoutes } from './routes.js';
