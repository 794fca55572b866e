/** The ledger of money (issue 28): every movement one row, never changed or deleted. */
import '../zodConfig.js';
import { z } from 'zod';
import { utcDaySchema } from './common.js';

export const LEDGER_KINDS = ['received', 'refunded', 'accepted_short'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Dollars with two decimals, negative for a net that went out: "-12.50". */
const signedDollarsSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/** The period, both days included (UTC); without them the last 30 days up to today. */
export const ledgerQuerySchema = z
  .object({ from: utcDaySchema.optional(), to: utcDaySchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: '"from" must not be after "to"',
    path: ['from'],
  });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerRowSchema = z.object({
  at: z.string(),
  /** The order's payment_id, or its "Checkout all" group's grp_…. */
  order: z.string(),
  buyer_email: z.string(),
  provider: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amount: signedDollarsSchema,
  currency: z.string(),
  reference: z.string(),
  actor: z.string().nullable(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

const ledgerTotalsSchema = z.object({
  received: signedDollarsSchema,
  refunded: signedDollarsSchema,
  /** received less refunded: the sales dashboard's revenue for the same period. */
  net: signedDollarsSchema,
});
export type LedgerTotals = z.infer<typeof ledgerTotalsSchema>;

export const ledgerResponseSchema = z.object({
  from: utcDaySchema,
  to: utcDaySchema,
  rows: z.array(ledgerRowSchema),
  totals: ledgerTotalsSchema,
  /** The totals per UTC day and per month (YYYY-MM) of the period that had any movement, oldest first. */
  days: z.array(ledgerTotalsSchema.extend({ date: z.string() })),
  months: z.array(ledgerTotalsSchema.extend({ month: z.string() })),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/** The CSV export's columns, in order. */
export const LEDGER_CSV_COLUMNS = [
  'at',
  'order',
  'buyer_email',
  'provider',
  'kind',
  'amount',
  'currency',
  'reference',
  'actor',
] as const;
