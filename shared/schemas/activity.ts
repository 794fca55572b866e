/** The activity log (issue 28): every staff action, one append-only row. */
import '../zodConfig.js';
import { z } from 'zod';
import { textInput, utcDaySchema, wholeNumber } from './common.js';
import { textKeyedSchema } from './textKeyed.js';

/**
 * Every kind of staff action the log records: a closed list, so the admin's filter offers exactly these
 * and a new action is a deliberate line here.
 */
export const ACTIVITY_ACTIONS = [
  'admin.sign_in',
  'admin.sign_in_failed',
  'admin.lockout',
  'product.add',
  'product.edit',
  'product.delete',
  'product.images',
  'products.bulk_edit',
  'products.import',
  'order.sent',
  'order.delete',
  'order.refund',
  'order.accept',
  'return.approve',
  'return.reject',
  'return.receive',
  'outbox.resend',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The fields a change touched, as they were and as they became (JSON values). */
export const activityFieldsSchema = textKeyedSchema(z.unknown()).meta({
  type: 'object',
  description: 'The changed fields by name, each as a JSON value.',
});
export type ActivityFields = Record<string, unknown>;

/** The readable name of each action, for the admin's filter and table. */
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  'admin.sign_in': 'Admin signed in',
  'admin.sign_in_failed': 'Admin sign-in failed',
  'admin.lockout': 'Admin sign-in locked out',
  'product.add': 'Product added',
  'product.edit': 'Product edited',
  'product.delete': 'Product deleted',
  'product.images': 'Product pictures changed',
  'products.bulk_edit': 'Bulk edit',
  'products.import': 'CSV import applied',
  'order.sent': 'Order sent / tracking',
  'order.delete': 'Order deleted',
  'order.refund': 'Refund recorded',
  'order.accept': 'Payment accepted',
  'return.approve': 'Return approved',
  'return.reject': 'Return rejected',
  'return.receive': 'Return received',
  'outbox.resend': 'E-mail resent',
};

/** Activity list: default and largest page. */
export const ACTIVITY_PAGE_SIZE = 50;
export const MAX_ACTIVITY_PAGE_SIZE = 200;

/** The filters of the list and the CSV: target text (substring), action, from/to inclusive UTC days. */
export const activityFiltersSchema = z.object({
  target: textInput().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  // The list is long: the sentence names two examples (the API document lists them all).
  action: z
    .enum(ACTIVITY_ACTIONS, {
      error: 'must be one of the logged actions, such as product.edit or admin.sign_in',
    })
    .optional(),
  from: utcDaySchema.optional(),
  to: utcDaySchema.optional(),
});
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

export const activityQuerySchema = activityFiltersSchema.extend({
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_ACTIVITY_PAGE_SIZE).default(ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityRowSchema = z.object({
  id: z.number().int(),
  /** When, as an ISO time (UTC). */
  at: z.string(),
  actor: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  target: z.string(),
  /** For changes: the changed fields as they were and as they became; null otherwise. */
  before: activityFieldsSchema.nullable(),
  after: activityFieldsSchema.nullable(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

/** Newest first. */
export const activityResponseSchema = z.object({
  rows: z.array(activityRowSchema),
  total: z.number().int(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/** The CSV's columns, in order. */
export const ACTIVITY_CSV_COLUMNS = ['at', 'actor', 'action', 'target', 'before', 'after'] as const;
