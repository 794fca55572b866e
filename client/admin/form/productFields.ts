/**
 * The text fields of the admin product form (docs/product.md §2, §3): the shop's registry fields with a
 * text widget (shared/productFields.ts), then its open-box conditions, and the conversions between the
 * form, a loaded product and the request body. Nothing here branches on a shop's name or a field's name.
 */
import type { AdminProductInput } from '../../../shared/schemas/admin.js';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import {
  formDefault,
  PRODUCT_FIELDS,
  type ProductField,
  shopFields,
  TEXT_WIDGETS,
} from '../../../shared/productFields.js';
import { CONDITIONS, type Condition, type ShopConfig } from '../../../shared/shops.js';

type TextWidget = (typeof TEXT_WIDGETS)[number];
type ConditionFieldName = `${Condition}_condition_price` | `${Condition}_condition_available_quantity`;
/** Every text field of the form: the id, the registry's text-widget fields and the conditions' fields. */
export type ProductFieldName =
  'id' | Extract<ProductField, { widget: TextWidget }>['name'] | ConditionFieldName;
export type ProductFormValues = Record<ProductFieldName, string>;
export type FormMode = 'add' | 'edit';

interface FormField {
  name: ProductFieldName;
  widget: TextWidget;
  initial: string;
}

function isTextField(field: ProductField): field is Extract<ProductField, { widget: TextWidget }> {
  return (TEXT_WIDGETS as readonly string[]).includes(field.widget);
}

const ID_FIELD: FormField = { name: 'id', widget: 'numeric', initial: '' };
const CONDITION_FIELDS: readonly FormField[] = CONDITIONS.flatMap((condition) => [
  { name: `${condition}_condition_price`, widget: 'decimal', initial: '0' } as const,
  { name: `${condition}_condition_available_quantity`, widget: 'numeric', initial: '0' } as const,
]);
const registryFormFields = (fields: readonly ProductField[]): FormField[] =>
  fields.filter(isTextField).map((f) => ({ name: f.name, widget: f.widget, initial: formDefault(f) }));

/** Every text field of any shop; its `initial` is docs/product.md §9's default. */
const ALL_FIELDS: readonly FormField[] = [
  ID_FIELD,
  ...registryFormFields(PRODUCT_FIELDS),
  ...CONDITION_FIELDS,
];
const DEFAULT_VALUES = Object.fromEntries(ALL_FIELDS.map((f) => [f.name, f.initial])) as ProductFormValues;
const WIDGETS = new Map(ALL_FIELDS.map((f) => [f.name, f.widget]));

/** Fields that must be filled before the form submits (docs/product.md §5). */
export const REQUIRED_FIELDS: ReadonlySet<ProductFieldName> = new Set(['title', 'main_category', 'category']);

/** The fields a shop's form shows, in order. The id is typed on Add only; Edit loads it separately. */
export function productFieldNames(shop: ShopConfig, mode: FormMode): ProductFieldName[] {
  return [
    ...(mode === 'add' ? [ID_FIELD] : []),
    ...registryFormFields(shopFields(shop)),
    ...(shop.sells === 'on-site' ? CONDITION_FIELDS : []),
  ].map((f) => f.name);
}

/** The keyboard a phone shows for a field: digits for whole numbers, a decimal point for amounts. */
export function fieldInputMode(name: ProductFieldName): TextWidget {
  return WIDGETS.get(name) ?? 'text';
}

/** docs/product.md §2: the label is the field name with underscores turned into spaces. */
export function fieldLabel(name: string): string {
  return name.replaceAll('_', ' ');
}

export function emptyFormValues(): ProductFormValues {
  return { ...DEFAULT_VALUES };
}

function isProductFieldName(name: string): name is ProductFieldName {
  return Object.hasOwn(DEFAULT_VALUES, name);
}

/** A loaded product as form values; fields the product does not carry keep their defaults. */
export function formValuesFromProduct(product: ProductDetail): ProductFormValues {
  const values = emptyFormValues();
  for (const [name, value] of Object.entries(product)) {
    if (!isProductFieldName(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
  }
  return values;
}

export interface ProductExtras {
  description: string;
  rate: number;
  available: boolean;
}

/** The JSON body of add-product and edit-product: the shop's fields plus rate and availability where it has them. */
export function productRequestBody(
  shop: ShopConfig,
  mode: FormMode,
  values: ProductFormValues,
  extras: ProductExtras,
): AdminProductInput {
  const fields: Partial<ProductFormValues> = {};
  for (const name of productFieldNames(shop, mode)) fields[name] = values[name].trim();
  return {
    ...fields,
    title: values.title.trim(),
    main_category: values.main_category.trim(),
    category: values.category.trim(),
    description: extras.description,
    ...(shop.hasRating ? { rate: extras.rate } : {}),
    ...(shop.hasAvailability ? { availability: extras.available ? 'YES' : 'NO' } : {}),
  };
}

/** Rating and availability of a loaded product (open-box products have neither: none and available). */
export function productExtras(product: ProductDetail): Omit<ProductExtras, 'description'> {
  return product.kind === 'affiliate'
    ? { rate: product.rate, available: product.availability === 'YES' }
    : { rate: 0, available: true };
}
