/** The api-docs module's front door. */
export { apiDocsRoutes, registerApiDocs } from './routes.js';
