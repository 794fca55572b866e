/** The product-editor module's front door: its routes, and the form-to-row mapping the CSV import shares. */
export { productEditorRoutes } from './routes.js';
export { conditionRows, productColumns } from './service.js';
