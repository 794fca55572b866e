import '../zodConfig.js';
import { z } from 'zod';
import { CONDITIONS } from '../shops.js';
import { productIdSchema, shopKeySchema, textInput, wholeNumber } from './common.js';
import { conditionPriceField, fieldRequestShape } from './productFieldSchemas.js';

export const loginBodySchema = z.object({
  password: textInput().min(1, { error: 'is required' }).max(200, { error: 'is too long' }),
});
export const loginResponseSchema = z.object({ token: z.string() });
export const verifyTokenBodySchema = z.object({ token: textInput().max(200) });
export const verifyTokenResponseSchema = z.object({ valid: z.boolean() });
/** POST /api/logout: the token to end comes in the Authorization header or, as verify-token takes it, here. */
export const logoutBodySchema = z.object({ token: textInput().max(200).optional() }).nullish();

/** Lockout (docs/architecture.md §6): 5 failures from one address within 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const ADMIN_SESSION_HOURS = 12;

const quantityField = wholeNumber(0, 1_000_000);

const conditionFields = Object.fromEntries(
  CONDITIONS.flatMap((condition) => [
    [`${condition}_condition_price`, conditionPriceField],
    [`${condition}_condition_available_quantity`, quantityField.default(0)],
  ]),
) as {
  [K in `${(typeof CONDITIONS)[number]}_condition_price`]: typeof conditionPriceField;
} & {
  [K in `${(typeof CONDITIONS)[number]}_condition_available_quantity`]: z.ZodDefault<typeof quantityField>;
};

/**
 * The admin product form (docs/product.md §3) for every shop: every registry field
 * (shared/productFields.ts) and the open-box conditions; each shop keeps the fields it has, the rest
 * are ignored.
 */
export const adminProductBodySchema = z.object({
  id: productIdSchema.optional(),
  /** Add only: the gallery files the form uploaded (docs/product.md §3 "images"); other files in the folder go. */
  images: z
    .array(z.string().regex(/^\d{1,4}\.webp$/, { error: 'must be image names such as 2.webp' }))
    .max(50, { error: 'lists too many images' })
    .optional(),
  ...fieldRequestShape(),
  ...conditionFields,
});
export type AdminProductBody = z.infer<typeof adminProductBodySchema>;
export type AdminProductInput = z.input<typeof adminProductBodySchema>;

/**
 * The product's version: its updated_at exactly as the edit form loaded it (GET /api/products/{id}). A
 * save over a newer version (a purchase, a release, another admin's save or a gallery change since) is
 * refused with 409, so a form opened earlier can never bring back units sold since.
 */
const VERSION_REQUIRED = "is required: send the product's updated_at as you loaded it";
export const productVersionSchema = z
  .string({ error: (issue) => (issue.input === undefined ? VERSION_REQUIRED : 'must be text') })
  .pipe(textInput().min(1, { error: VERSION_REQUIRED }).max(64, { error: 'is too long' }));

/** PUT /api/edit-product: the form's fields, and the version the form was opened on (required). */
export const editProductBodySchema = adminProductBodySchema.extend({
  updated_at: productVersionSchema,
});
export type EditProductBody = z.infer<typeof editProductBodySchema>;
export type EditProductInput = z.input<typeof editProductBodySchema>;

/** The sentence of the 409 a save over a newer version answers. */
export const STALE_PRODUCT_EDIT = 'This product changed since you opened it.';

export const addProductQuerySchema = z.object({ shop: shopKeySchema.default('default') });

/** Path segments naming a shop: its key, or for PUT /api/edit-product the folder name docs/product.md §7 uses. */
export const shopPathParamsSchema = z.object({ shop: textInput().max(20), id: productIdSchema });
export const productImageParamsSchema = shopPathParamsSchema.extend({
  fileName: z.string().regex(/^\d{1,4}\.webp$/, { error: 'must be an image name such as 2.webp' }),
});

export const productImagesResponseSchema = z.object({ images: z.array(z.string()) });
/** updated_at: the product's new version, when the upload said the version it holds and that was current. */
export const uploadImagesResponseSchema = z.object({
  ok: z.literal(true),
  images: z.array(z.string()),
  updated_at: z.string().optional(),
});
export type UploadImagesResponse = z.infer<typeof uploadImagesResponseSchema>;
export const savedProductResponseSchema = z.object({ ok: z.literal(true), id: z.number().int() });
/** The edit's answer also carries the product's new version, which the form holds if it stays open. */
export const editedProductResponseSchema = savedProductResponseSchema.extend({ updated_at: z.string() });
/** A gallery delete from the edit form may say which version its form holds (see setImageCount). */
export const productImageDeleteQuerySchema = z.object({ updated_at: productVersionSchema.optional() });
/** updated_at: the product's new version, present only when the version sent was still the stored one. */
export const deletedProductImageResponseSchema = productImagesResponseSchema.extend({
  updated_at: z.string().optional(),
});
export const deleteProductResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export const tiptapUploadResponseSchema = z.object({ imageUrl: z.string() });
export const tiptapDeleteImageBodySchema = z.object({
  src: textInput().min(1, { error: 'is required' }).max(500),
});

export const imageFromLinkBodySchema = z.object({
  url: textInput().trim().min(1, { error: 'is required' }).max(2000, { error: 'is too long' }),
});
