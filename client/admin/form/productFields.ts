/**
 * The text fields of the admin product form (docs/product.md §2, §3), chosen per shop from registry flags, and the
 * conversions between the form, a loaded product and the request body. Field names come from the
 * shared admin schema; nothing here branches on a shop's name.
 */
import type { AdminProductInput } from '../../../shared/schemas/admin.js';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import { CONDITIONS, MARKETPLACES, type ShopConfig } from '../../../shared/shops.js';

/** Every text field of the form: the body's fields except the editor, rating and switch. */
export type ProductFieldName = Exclude<
  keyof AdminProductInput,
  'description' | 'rate' | 'availability' | 'images'
>;
export type ProductFormValues = Record<ProductFieldName, string>;
export type FormMode = 'add' | 'edit';

const CONDITION_FIELDS = CONDITIONS.flatMap(
  (condition) => [`${condition}_condition_price`, `${condition}_condition_available_quantity`] as const,
);

/** Defaults of docs/product.md §9: typical_price and every open-box price and quantity start at '0'. */
const DEFAULT_VALUES: ProductFormValues = {
  id: '',
  title: '',
  main_category: '',
  category: '',
  price: '',
  typical_price: '0',
  link: '',
  store: '',
  ebay: '',
  facebook_marketplace: '',
  offer_up: '',
  mercari_marketplaces: '',
  acceptable_condition_price: '0',
  acceptable_condition_available_quantity: '0',
  good_condition_price: '0',
  good_condition_available_quantity: '0',
  verygood_condition_price: '0',
  verygood_condition_available_quantity: '0',
  excellent_condition_price: '0',
  excellent_condition_available_quantity: '0',
};

/** Fields that must be filled before the form submits (docs/product.md §5). */
export const REQUIRED_FIELDS: ReadonlySet<ProductFieldName> = new Set(['title', 'main_category', 'category']);

/** The fields a shop's form shows, in order. The id is typed on Add only; Edit loads it separately. */
export function productFieldNames(shop: ShopConfig, mode: FormMode): ProductFieldName[] {
  return [
    ...(mode === 'add' ? (['id'] as const) : []),
    'title',
    'main_category',
    'category',
    ...(shop.hasConditions ? [] : (['price', 'typical_price'] as const)),
    ...(shop.hasLink ? (['link'] as const) : []),
    ...(shop.hasConditions
      ? (['store', ...MARKETPLACES.map((marketplace) => marketplace.field), ...CONDITION_FIELDS] as const)
      : []),
  ];
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
