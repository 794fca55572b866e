import { z } from 'zod';
import { SHOP_KEYS } from '../shops.js';

/** Every error the API sends: one human sentence (DESIGN §5). */
export const errorBodySchema = z.object({
  error: z.string(),
  retryAfter: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const shopKeySchema = z.enum(SHOP_KEYS, {
  error: `must be one of ${SHOP_KEYS.join(', ')}`,
});

export const shopQuerySchema = z.object({ shop: shopKeySchema.default('default') });

export const productIdSchema = z.coerce
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be 1 or more' })
  .max(2_147_483_647, { error: 'is too large' });

export const productIdParamsSchema = z.object({ id: productIdSchema });

/** Decimal price strings as the API speaks them: "19.99", "0". */
export const priceStringSchema = z.string().regex(/^\d+(\.\d{1,2})?$/);

export const okSchema = z.object({ ok: z.literal(true) });
