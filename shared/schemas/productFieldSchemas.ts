/**
 * The zod schemas of the product-field registry (shared/productFields.ts): one request schema and one
 * response schema per field type, and the object shapes the admin body and the product responses are
 * built from. A field's name, type, shops and where it is shown come from its registry entry only.
 */
import '../zodConfig.js';
import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.js';
import {
  type FieldShown,
  type FieldsShownFor,
  fieldsShownFor,
  type FieldType,
  PRODUCT_FIELDS,
  type ProductField,
} from '../productFields.js';
import { PRICE_PATTERN } from '../rules/money.js';
import type { ShopSelling } from '../shops.js';
import { priceStringSchema, textInput, wholeNumber } from './common.js';

type Of<T extends FieldType['kind']> = Extract<FieldType, { kind: T }>;

/** Decimal amounts from the admin form: "19.99", "7", "" (none, stored as 0). */
const priceField = z
  .union([z.string(), z.number()], { error: 'must be an amount such as 19.99' })
  .transform((value) => String(value).trim())
  .refine((value) => value === '' || PRICE_PATTERN.test(value), {
    error: 'must be an amount such as 19.99, at most 9999999.99',
  });

/** An open-box condition's price in the admin form (the conditions are not registry fields). */
export const conditionPriceField = priceField.default('0');

export const urlField = textInput()
  .trim()
  .max(2000, { error: 'is too long' })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), {
    error: 'must be empty or a web address starting with http:// or https://',
  })
  .default('');

const requiredText = textInput()
  .trim()
  .min(1, { error: 'is required' })
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` });

function optionalText(type: Of<'text'>) {
  const text = type.trim ? textInput().trim() : textInput();
  return text.max(type.max, type.tooLong ? { error: type.tooLong } : undefined).default('');
}

/** Each type's schema in the admin body (and an imported CSV row), with its default. */
const REQUEST = {
  name: () => requiredText,
  text: (type: Of<'text'>) => optionalText(type),
  url: () => urlField,
  price: () => priceField.default('0'),
  whole: (type: Of<'whole'>) => wholeNumber(type.min, type.max, type.range).default(type.default),
  yesNo: () => z.enum(['YES', 'NO'], { error: 'must be YES or NO' }).default('YES'),
};

/** Each type's schema in product responses. */
const RESPONSE = {
  name: () => z.string(),
  text: () => z.string(),
  url: () => z.string(),
  price: () => priceStringSchema,
  whole: (type: Of<'whole'>) => z.number().int().min(type.min).max(type.max),
  yesNo: () => z.enum(['YES', 'NO']),
};

type RequestSchema<T extends FieldType> = ReturnType<(typeof REQUEST)[T['kind']]>;
type ResponseSchema<T extends FieldType> = ReturnType<(typeof RESPONSE)[T['kind']]>;

export function requestSchema(spec: ProductField): z.ZodType {
  return (REQUEST[spec.type.kind] as (type: FieldType) => z.ZodType)(spec.type);
}

export function responseSchema(spec: ProductField): z.ZodType {
  return (RESPONSE[spec.type.kind] as (type: FieldType) => z.ZodType)(spec.type);
}

export type FieldRequestShape = { [F in ProductField as F['name']]: RequestSchema<F['type']> };
export type FieldResponseShape<Selling extends ShopSelling, Where extends FieldShown> = {
  [F in FieldsShownFor<Selling, Where> as F['name']]: ResponseSchema<F['type']>;
};

/** Every registry field's request schema: the admin form's body (each shop keeps the fields it has). */
export function fieldRequestShape(): FieldRequestShape {
  return Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.name, requestSchema(f)])) as FieldRequestShape;
}

/** The response schemas of the fields a product of this selling kind shows `where`. */
export function fieldResponseShape<Selling extends ShopSelling, Where extends FieldShown>(
  selling: Selling,
  where: Where,
): FieldResponseShape<Selling, Where> {
  return Object.fromEntries(
    fieldsShownFor(selling, where).map((f) => [f.name, responseSchema(f)]),
  ) as FieldResponseShape<Selling, Where>;
}
