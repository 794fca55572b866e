/** The activity log (issue 28): every staff action, one append-only row. */
import '../zodConfig.js';
import { z } from 'zod';
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
export const activityFieldsSchema = textKeyedSchema(z.unknown());
export type ActivityFields = Record<string, unknown>;
