/**
 * Returns with an RMA number (issue 28): the buyer's request, the seller's decisions and what both see.
 * The reasons, statuses and their words are in shared/rules/returns.ts.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants.js';
import { RETURN_REASONS, RETURN_STATUSES, RETURN_TEXT_MAX } from '../rules/returns.js';
import { CONDITIONS } from '../shops.js';
import { textInput, wholeNumber } from './common.js';

const text = (max = RETURN_TEXT_MAX) =>
  textInput()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const requiredText = (max = RETURN_TEXT_MAX) => text(max).min(1, { error: 'must not be empty' });

/** "RMA-" and 8 characters of RFC 4648 base32. */
export const RMA_PATTERN = /^RMA-[A-Z2-7]{8}$/;
export const returnStatusSchema = z.enum(RETURN_STATUSES);

/** POST /api/my-purchases/{payment_id}/returns: units of that order line, why, and a note. */
export const createReturnBodySchema = z.object({
  quantity: wholeNumber(1, MAX_LINE_QUANTITY),
  reason: z.enum(RETURN_REASONS, { error: `must be one of ${RETURN_REASONS.join(', ')}` }),
  note: text().default(''),
});
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;
export const createReturnResponseSchema = z.object({ rma: z.string(), status: z.literal('requested') });
export type CreateReturnResponse = z.infer<typeof createReturnResponseSchema>;

export const rmaParamsSchema = z.object({
  rma: z.string().regex(RMA_PATTERN, { error: 'must be a return number such as RMA-7QK2M4XA' }),
});

export const approveReturnBodySchema = z.object({ instructions: requiredText() });
export const rejectReturnBodySchema = z.object({ reason: requiredText() });
/** The grade the units go back on sale under, or null when they cannot be sold again. */
export const receiveReturnBodySchema = z.object({
  restock_condition: z
    .enum(CONDITIONS, { error: `must be null or one of ${CONDITIONS.join(', ')}` })
    .nullable(),
});

/** A return as buyer and seller both see it, each step with its time (null until it happened). */
export const returnSchema = z.object({
  rma: z.string(),
  status: returnStatusSchema,
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  instructions: z.string(),
  reject_reason: z.string(),
  restock_condition: z.enum(CONDITIONS).nullable(),
  requested_at: z.string(),
  approved_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type Return = z.infer<typeof returnSchema>;

export const RETURN_FILTERS = ['all', ...RETURN_STATUSES] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];
export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_FILTERS, { error: `must be one of ${RETURN_FILTERS.join(', ')}` }).default('all'),
});

/** GET /api/admin/returns: each return with its order line, product and buyer. */
export const adminReturnSchema = returnSchema.extend({
  payment_id: z.string(),
  group_id: z.string().nullable(),
  store: z.string(),
  product_id: z.number().int(),
  title: z.string(),
  condition: z.string(),
  order_quantity: z.number().int(),
  shipped_at: z.string().nullable(),
  buyer_email: z.string(),
  contact_name: z.string(),
});
export type AdminReturn = z.infer<typeof adminReturnSchema>;
export const adminReturnsResponseSchema = z.array(adminReturnSchema);
