/**
 * GET /api/admin/ledger?from&to -> the Money screen's rows and totals (issue 28), and its CSV export
 * (GET /api/admin/ledger.csv with the same period). An empty from/to leaves the server's default period.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerResponseSchema } from '../../../shared/schemas/ledger.js';
import { adminFetchJson } from './adminFetch.js';
import { downloadAdminFile } from './download.js';
import { adminKeys } from './queryKeys.js';

const periodQuery = (from: string, to: string) =>
  new URLSearchParams([...(from ? [['from', from]] : []), ...(to ? [['to', to]] : [])]).toString();

export const ledgerQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.ledger(from, to),
    queryFn: () => adminFetchJson(`/api/admin/ledger?${periodQuery(from, to)}`, ledgerResponseSchema),
  });

export function useLedgerQuery(from: string, to: string) {
  return useQuery(ledgerQueryOptions(from, to));
}

export async function downloadLedger(from: string, to: string): Promise<void> {
  await downloadAdminFile(`/api/admin/ledger.csv?${periodQuery(from, to)}`, `ledger-${from}-to-${to}.csv`);
}
