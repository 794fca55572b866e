/** The stock module's front door: what other modules may use (README.md). */
export type { ConditionInput, ConditionWrite, ProductIds, StockLine } from './repository.js';
export {
  changeConditionPrices,
  dropReservations,
  lockProductOfOrder,
  lockProducts,
  lockProductsOfPayment,
  releaseReservation,
  restockUnits,
  type RestockMode,
  type ShortLine,
  takeUnits,
  takeUnitsOfLines,
  type TakenUnits,
  writeConditions,
} from './service.js';
