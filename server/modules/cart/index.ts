/** The cart module's front door: its routes, and the offer checks checkout repeats for each line. */
export { cartRoutes } from './routes.js';
export { assertBuyable, findOffer, sellingShop } from './service.js';
