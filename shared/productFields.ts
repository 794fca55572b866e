/**
 * The product-field registry: one entry per field an admin edits, with everything that differs between
 * fields. The admin request schema and the product responses (shared/schemas), the products table's
 * column types (server/db/types.ts), the presenters, the CSV columns, the admin form, the product
 * modal and the JSON-LD are all derived from it, so adding a field is a migration and one entry here.
 *
 * Open-box conditions (prices and quantities per grade) are not here: they live in their own table and
 * are the stock's to change; their eight fields are generated from CONDITIONS wherever fields are.
 *
 * No zod here: the shop bundle reads the registry (the modal) and stays free of zod's runtime. The zod
 * schemas for each `type` are built in shared/schemas/productFieldSchemas.ts.
 */
import { centsToPrice, priceToCents } from './rules/money.js';
import type { ShopConfig, ShopSelling } from './shops.js';

/** A field's value type; each kind has one request schema, one response schema and one column type. */
export type FieldType =
  /** Required text up to NAME_MAX_LENGTH (constants.ts): title and categories. */
  | { kind: 'name' }
  /** Optional text, '' when missing. */
  | { kind: 'text'; max: number; trim: boolean; tooLong?: string }
  /** '' or an http(s) address. */
  | { kind: 'url' }
  /** A decimal amount such as "19.99" ('' is 0), stored in integer cents. */
  | { kind: 'price' }
  /** A whole number in [min, max]; `range` is the sentence a value outside says. */
  | { kind: 'whole'; min: number; max: number; default: number; range: string }
  | { kind: 'yesNo' };

type FieldKind = FieldType['kind'];
export type StoredValue<T extends FieldType> = T extends { kind: 'price' | 'whole' }
  ? number
  : T extends { kind: 'yesNo' }
    ? 'YES' | 'NO'
    : string;
export type WireValue<T extends FieldType> = T extends { kind: 'whole' }
  ? number
  : T extends { kind: 'yesNo' }
    ? 'YES' | 'NO'
    : string;

/** The shops that have a field: every shop, or those that sell one way (the shop registry's `sells`). */
export type FieldShops = 'all' | ShopSelling;
/** Where a response carries it: in every list ('summary') or only in the product's own answer ('detail'). */
export type FieldShown = 'summary' | 'detail';
/**
 * How the admin form edits it: a text box ('text', 'decimal' and 'numeric' pick the phone keyboard),
 * the description editor, the star rating or the availability switch.
 */
export type FieldWidget = 'text' | 'decimal' | 'numeric' | 'editor' | 'rating' | 'switch';
export const TEXT_WIDGETS = ['text', 'decimal', 'numeric'] as const satisfies readonly FieldWidget[];

export interface ProductFieldSpec<
  Name extends string = string,
  Column extends string = string,
  Type extends FieldType = FieldType,
  Shops extends FieldShops = FieldShops,
  Shown extends FieldShown = FieldShown,
  Widget extends FieldWidget = FieldWidget,
> {
  /** The name in requests, responses, the CSV header and the form (docs/product.md's names). */
  name: Name;
  /** Its column in `products`. */
  column: Column;
  type: Type;
  shops: Shops;
  shown: Shown;
  widget: Widget;
  /** Its CSV column, in registry order; 'last' puts it after the gallery (long text ends a row). */
  csv: 'column' | 'last';
  /** What a new product's form shows, when not the type's default. */
  formDefault?: string;
  /** What an empty value is stored as. */
  whenEmpty?: string;
  /** Its line in the product modal. */
  modal?: (value: WireValue<Type>) => string;
  /** What it adds to each schema.org Offer of the product's JSON-LD (nothing when undefined). */
  jsonLdOffer?: (value: WireValue<Type>) => Record<string, unknown> | undefined;
}

/** An entry; its column is named as the field and it has a CSV column unless it says otherwise. */
function field<
  const Name extends string,
  const Type extends FieldType,
  const Shops extends FieldShops,
  const Shown extends FieldShown,
  const Widget extends FieldWidget,
  const Column extends string = Name,
>(
  spec: Omit<ProductFieldSpec<Name, Column, Type, Shops, Shown, Widget>, 'column' | 'csv'> &
    Partial<Pick<ProductFieldSpec<Name, Column, Type, Shops, Shown, Widget>, 'column' | 'csv'>>,
): ProductFieldSpec<Name, Column, Type, Shops, Shown, Widget> {
  return { ...spec, column: spec.column ?? (spec.name as string as Column), csv: spec.csv ?? 'column' };
}

const NAME = { kind: 'name' } as const;
const URL = { kind: 'url' } as const;
const PRICE = { kind: 'price' } as const;

/** A warranty as schema.org says it: a WarrantyPromise whose duration is a number of months (UN/CEFACT MON). */
export function warrantyOffer(months: number): Record<string, unknown> | undefined {
  if (months <= 0) return undefined;
  return {
    warranty: {
      '@type': 'WarrantyPromise',
      durationOfWarranty: { '@type': 'QuantitativeValue', value: months, unitCode: 'MON' },
    },
  };
}

export function warrantyText(months: number): string {
  if (months <= 0) return 'No warranty';
  return `Warranty: ${months} ${months === 1 ? 'month' : 'months'}`;
}

/** Every field, in the order the form shows them and the CSV writes them. */
export const PRODUCT_FIELDS = [
  field({ name: 'title', type: NAME, shops: 'all', shown: 'summary', widget: 'text' }),
  field({ name: 'main_category', type: NAME, shops: 'all', shown: 'summary', widget: 'text' }),
  field({ name: 'category', type: NAME, shops: 'all', shown: 'summary', widget: 'text' }),
  // An open-box price is not edited: it is the lowest positive condition price, kept by the stock.
  field({
    name: 'price',
    column: 'price_cents',
    type: PRICE,
    shops: 'links-out',
    shown: 'summary',
    widget: 'decimal',
    formDefault: '',
  }),
  field({
    name: 'typical_price',
    column: 'typical_price_cents',
    type: PRICE,
    shops: 'links-out',
    shown: 'summary',
    widget: 'decimal',
  }),
  field({
    name: 'rate',
    type: { kind: 'whole', min: 0, max: 5, default: 0, range: 'must be from 0 to 5' },
    shops: 'links-out',
    shown: 'summary',
    widget: 'rating',
  }),
  field({
    name: 'availability',
    type: { kind: 'yesNo' },
    shops: 'links-out',
    shown: 'summary',
    widget: 'switch',
  }),
  field({ name: 'link', type: URL, shops: 'links-out', shown: 'summary', widget: 'text' }),
  field({
    name: 'store',
    type: { kind: 'text', max: 100, trim: true },
    shops: 'on-site',
    shown: 'summary',
    widget: 'text',
    whenEmpty: 'AYZ',
  }),
  field({ name: 'ebay', type: URL, shops: 'on-site', shown: 'detail', widget: 'text' }),
  field({ name: 'facebook_marketplace', type: URL, shops: 'on-site', shown: 'detail', widget: 'text' }),
  field({ name: 'offer_up', type: URL, shops: 'on-site', shown: 'detail', widget: 'text' }),
  field({ name: 'mercari_marketplaces', type: URL, shops: 'on-site', shown: 'detail', widget: 'text' }),
  field({
    name: 'warranty_months',
    type: {
      kind: 'whole',
      min: 0,
      max: 60,
      default: 0,
      range: 'must be a whole number of months from 0 to 60',
    },
    shops: 'on-site',
    shown: 'detail',
    widget: 'numeric',
    modal: warrantyText,
    jsonLdOffer: warrantyOffer,
  }),
  field({
    name: 'description',
    type: { kind: 'text', max: 200_000, trim: false, tooLong: 'is too long' },
    shops: 'all',
    shown: 'detail',
    widget: 'editor',
    csv: 'last',
  }),
] as const;

export type ProductField = (typeof PRODUCT_FIELDS)[number];
export type ProductFieldName = ProductField['name'];
export type ProductFieldColumn = ProductField['column'];

/** The products columns the registry declares, with their stored types (server/db/types.ts). */
export type ProductFieldColumns = {
  [F in ProductField as F['column']]: StoredValue<F['type']>;
};

/** The fields of products of one selling kind shown `where` (a summary's fields are in the detail too). */
export type FieldsShownFor<Selling extends ShopSelling, Where extends FieldShown> = Extract<
  ProductField,
  { shops: Selling | 'all'; shown: Where }
>;

export function fieldsShownFor(selling: ShopSelling, where: FieldShown): readonly ProductField[] {
  return PRODUCT_FIELDS.filter((f) => (f.shops === 'all' || f.shops === selling) && f.shown === where);
}

/** The columns of the fields some product shows in a summary: what a list reads. */
export const SUMMARY_FIELD_COLUMNS = PRODUCT_FIELDS.filter((f) => f.shown === 'summary').map(
  (f) => f.column,
) as FieldsShownFor<ShopSelling, 'summary'>['column'][];

/** Whether a shop's products have this field. */
export function shopHasField(shop: Pick<ShopConfig, 'sells'>, name: ProductFieldName): boolean {
  const spec = PRODUCT_FIELDS.find((f) => f.name === name)!;
  return spec.shops === 'all' || spec.shops === shop.sells;
}

/** The fields of one shop, in registry order. */
export function shopFields(shop: Pick<ShopConfig, 'sells'>): readonly ProductField[] {
  return PRODUCT_FIELDS.filter((f) => f.shops === 'all' || f.shops === shop.sells);
}

const DEFAULTS: Record<FieldKind, (type: FieldType) => string | number> = {
  name: () => '',
  text: () => '',
  url: () => '',
  price: () => '0',
  whole: (type) => (type.kind === 'whole' ? type.default : 0),
  yesNo: () => 'YES',
};

/** The value a request without the field means (the request schema's default). */
export function requestDefault(spec: ProductField): string | number {
  return DEFAULTS[spec.type.kind](spec.type);
}

/** The form's starting text of a field. */
export function formDefault(spec: ProductField): string {
  return spec.formDefault ?? String(requestDefault(spec));
}

/** A checked request value as its column stores it. */
export function toColumn(spec: ProductField, value: string | number): string | number {
  if (spec.type.kind === 'price') return value === '' ? 0 : priceToCents(value)!;
  if (spec.whenEmpty !== undefined && value === '') return spec.whenEmpty;
  return value;
}

/** What a product of a shop without the field stores (and a row starts with). */
export function unsetColumn(spec: ProductField): string | number {
  return spec.type.kind === 'price' ? 0 : requestDefault(spec);
}

/** Every registry column at its unset value: the base of a new products row. */
export function unsetColumns(): ProductFieldColumns {
  return Object.fromEntries(PRODUCT_FIELDS.map((f) => [f.column, unsetColumn(f)])) as ProductFieldColumns;
}

/** A stored value as responses carry it. */
export function present(spec: ProductField, stored: string | number): string | number {
  return spec.type.kind === 'price' ? centsToPrice(Number(stored)) : stored;
}

/** A stored value as its CSV cell and form text: what the response carries, as text. */
export function asText(spec: ProductField, stored: string | number): string {
  return String(present(spec, stored));
}

/** The modal's lines for a product's fields that have one, in registry order. */
export function modalLines(shop: Pick<ShopConfig, 'sells'>, product: object): string[] {
  const values = product as Record<string, unknown>;
  return shopFields(shop).flatMap((f) => {
    const value = values[f.name];
    const line = value === undefined ? undefined : f.modal?.(value as never);
    return line === undefined ? [] : [line];
  });
}

/** What a product's fields add to each of its JSON-LD Offers. */
export function jsonLdOfferFields(shop: Pick<ShopConfig, 'sells'>, product: object): Record<string, unknown> {
  const values = product as Record<string, unknown>;
  return Object.assign(
    {},
    ...shopFields(shop).map((f) => {
      const value = values[f.name];
      return value === undefined ? undefined : f.jsonLdOffer?.(value as never);
    }),
  ) as Record<string, unknown>;
}
