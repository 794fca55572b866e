/** The api-docs module's front door. */
export { apiDocsRoutes, isDocumentedRoute, registerApiDocs } from './routes.js';
