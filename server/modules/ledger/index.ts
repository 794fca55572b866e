/** The ledger module's front door: the money record other modules write in their transactions, and its routes. */
export { ledgerRoutes } from './routes.js';
export { type LedgerEntry, ledgerSumsOf, netPerDay, recordEntry } from './service.js';
