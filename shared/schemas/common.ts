import '../zodConfig.js';
import { z } from 'zod';
import { SHOP_KEYS } from '../shops.js';

/** Every error the API sends: one human sentence (docs/architecture.md §5). */
export const errorBodySchema = z.object({
  error: z.string(),
  retryAfter: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const shopKeySchema = z.enum(SHOP_KEYS, {
  error: `must be one of ${SHOP_KEYS.join(', ')}`,
});

export const shopQuerySchema = z.object({ shop: shopKeySchema.default('default') });

/**
 * A whole number, given as a JSON number or as digits (paths, query strings and form fields are text).
 * Unlike z.coerce, it refuses true, null, [5], "0x10" and "1e3".
 */
export function wholeNumber(min: number, max: number, range = `must be from ${min} to ${max}`) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,15}$/)
          .transform(Number),
      ],
      {
        error: 'must be a whole number',
      },
    )
    .pipe(
      z
        .number()
        .int({ error: 'must be a whole number' })
        .min(min, { error: min === 0 || min === 1 ? `must be ${min} or more` : range })
        .max(max, { error: max >= 1_000_000 ? 'is too large' : range }),
    );
}

/**
 * The largest id either database stores (PostgreSQL `integer`; SQLite would take more, PostgreSQL
 * would answer 500 for 2147483648). Every numeric id an input names (path, query, body, CSV cell,
 * socket event) goes through databaseIdSchema or a narrower one, so both databases answer the same
 * 400 sentence ('Invalid field "id": is too large.') before a statement is made.
 */
export const MAX_DATABASE_ID = 2_147_483_647;

/** A row id of any table: 1 to MAX_DATABASE_ID. */
export const databaseIdSchema = wholeNumber(1, MAX_DATABASE_ID);

/** Product ids stay far below PostgreSQL's integer limit, so next-id can always add one. */
export const MAX_PRODUCT_ID = 1_000_000_000;

export const productIdSchema = wholeNumber(1, MAX_PRODUCT_ID);

/** Text fields: "is required" when missing, "must be text" for a number, list or object. */
export const textError = (issue: {
  code?: string;
  input?: unknown;
  maximum?: unknown;
  minimum?: unknown;
}) => {
  // Only the type check speaks here; a length check without its own message gets a sentence of its size.
  if (issue.code === 'too_big') return `must be at most ${String(issue.maximum)} characters`;
  if (issue.code === 'too_small')
    return issue.minimum === 1 ? 'must not be empty' : `must be at least ${String(issue.minimum)} characters`;
  return issue.input === undefined ? 'is required' : 'must be text';
};

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where every free-text input (query, body, path or form field) starts. PostgreSQL refuses NUL in text
 * (a 500 there, stored as is by SQLite) and both databases silently replace a lone UTF-16 surrogate, so
 * both are refused here, the same on either database, before any trim, length or pattern check.
 */
export function textInput() {
  return z
    .string({ error: textError })
    .refine((value) => !value.includes('\u0000'), {
      error: 'must not contain NUL characters',
      abort: true,
    })
    .refine((value) => !LONE_SURROGATE.test(value), {
      error: 'must be valid Unicode text (it has a lone surrogate)',
      abort: true,
    });
}

export const productIdParamsSchema = z.object({ id: productIdSchema });

/** Decimal price strings as the API speaks them: "19.99", "0". */
export const priceStringSchema = z.string().regex(/^\d+(\.\d{1,2})?$/);

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A UTC calendar day as YYYY-MM-DD that exists (2026-02-30 does not): the from/to of the admin's
 * ledger and activity filters.
 */
export const utcDaySchema = z
  .string({ error: 'must be a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD' })
  .refine(
    (day) => {
      const time = Date.parse(`${day}T00:00:00.000Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
    },
    {
      error: 'must be a date that exists',
    },
  );
