/**
 * The signed-in buyer's own account data: their settings in /account (issue 18) and the shipping address
 * they used last (issue 20).
 */
import '../zodConfig.js';
import { z } from 'zod';
import { checkoutShippingSchema } from './buying.js';

/** Whether chat messages the buyer has not read are e-mailed to them. Order e-mails always go, so they are no setting. */
export const accountPreferencesSchema = z.object({
  chat_emails: z.boolean({ error: 'must be true or false' }),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

/**
 * The shipping fields of the buyer's last purchase, as it stored them: the checkout's own fields
 * (checkoutShippingSchema), each the text that purchase accepted.
 */
export const shippingAddressSchema = z.object(
  Object.fromEntries(Object.keys(checkoutShippingSchema.shape).map((field) => [field, z.string()])) as {
    [Field in keyof typeof checkoutShippingSchema.shape]: z.ZodString;
  },
);
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** GET /api/account/shipping-address: null until the buyer's first purchase. */
export const accountShippingAddressSchema = z.object({ shipping_address: shippingAddressSchema.nullable() });
export type AccountShippingAddress = z.infer<typeof accountShippingAddressSchema>;

/**
 * GET /api/account/role (issue 33): what the signed-in user is to the shop, for what the browser shows
 * (the chat's 'Seller' side); the seller's id itself is never published (GET /api/config).
 */
export const accountRoleSchema = z.object({ seller: z.boolean() });
export type AccountRole = z.infer<typeof accountRoleSchema>;
