/**
 * Time passing for an unpaid order: its hold runs out and it expires, through the server's own status
 * change (orders' applyPaymentStatus, which the sweep's expiry shares), run once against the journey
 * server's database file, so a journey need not wait an hour. Only the orders named: journeys running
 * beside this one keep theirs. The server keeps serving meanwhile (SQLite in WAL mode takes a second
 * connection; each waits for the other's write).
 */
import path from 'node:path';
import { openDatabase } from '../../server/db/database.js';
import { applyPaymentStatus } from '../../server/modules/orders/index.js';

export async function expireAsIfLater(paymentIds: readonly string[]): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the journeys through playwright.config.ts');
  const handle = openDatabase({ sqliteFile: path.join(dataDir, 'shop.db') });
  try {
    for (const paymentId of paymentIds) {
      if (!(await applyPaymentStatus(handle.db, paymentId, 'expired'))) {
        throw new Error(`${paymentId} could not expire: it is no longer waiting for its money`);
      }
    }
  } finally {
    await handle.close();
  }
}
