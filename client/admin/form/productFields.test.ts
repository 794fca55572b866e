import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../shared/schemas/catalog.js';
import { SHOPS, type ShopConfig } from '../../../shared/shops.js';
import { PRODUCT_FIELDS, shopHasField, TEXT_WIDGETS } from '../../../shared/productFields.js';
import {
  emptyFormValues,
  fieldInputMode,
  fieldLabel,
  formValuesFromProduct,
  productExtras,
  productFieldNames,
  productRequestBody,
} from './productFields.js';

const affiliateShop: ShopConfig = SHOPS.pc;
const openboxShop: ShopConfig = SHOPS.ayz;

describe('productFieldNames', () => {
  it('gives a shop with links and prices its affiliate fields', () => {
    expect(productFieldNames(affiliateShop, 'add')).toEqual([
      'id',
      'title',
      'main_category',
      'category',
      'price',
      'typical_price',
      'link',
    ]);
  });

  it('leaves the id out on edit', () => {
    expect(productFieldNames(affiliateShop, 'edit')[0]).toBe('title');
  });

  it('gives a shop with conditions the store, marketplaces, warranty and the eight condition fields', () => {
    const names = productFieldNames(openboxShop, 'add');
    expect(names.slice(0, 5)).toEqual(['id', 'title', 'main_category', 'category', 'store']);
    expect(names).toContain('facebook_marketplace');
    expect(names).toContain('verygood_condition_available_quantity');
    expect(names).not.toContain('price');
    expect(names).not.toContain('link');
    expect(names).toContain('warranty_months');
    expect(names).toHaveLength(5 + 4 + 1 + 8);
  });

  it('follows how the shop sells, not the shop key', () => {
    const sellingPc: ShopConfig = { ...affiliateShop, sells: 'on-site' };
    expect(productFieldNames(sellingPc, 'add')).toEqual(productFieldNames(openboxShop, 'add'));
  });
});

describe('the registry in the form', () => {
  it("shows each text field of the registry in its shops' forms and no other", () => {
    for (const shop of Object.values(SHOPS)) {
      const names: string[] = productFieldNames(shop, 'add');
      for (const field of PRODUCT_FIELDS) {
        const shown =
          shopHasField(shop, field.name) && (TEXT_WIDGETS as readonly string[]).includes(field.widget);
        expect(names.includes(field.name), `${shop.key} ${field.name}`).toBe(shown);
      }
    }
  });

  it('picks the keyboard from the field type, not its name', () => {
    expect(fieldInputMode('typical_price')).toBe('decimal');
    expect(fieldInputMode('good_condition_available_quantity')).toBe('numeric');
    expect(fieldInputMode('id')).toBe('numeric');
    expect(fieldInputMode('title')).toBe('text');
  });
});

describe('fieldLabel', () => {
  it('turns underscores into spaces', () => {
    expect(fieldLabel('main_category')).toBe('main category');
    expect(fieldLabel('excellent_condition_available_quantity')).toBe(
      'excellent condition available quantity',
    );
    expect(fieldLabel('title')).toBe('title');
  });
});

describe('emptyFormValues', () => {
  it('starts typical price and open-box amounts at 0', () => {
    const values = emptyFormValues();
    expect(values.typical_price).toBe('0');
    expect(values.good_condition_price).toBe('0');
    expect(values.good_condition_available_quantity).toBe('0');
    expect(values.title).toBe('');
  });

  it('returns a fresh object each time', () => {
    const first = emptyFormValues();
    first.title = 'changed';
    expect(emptyFormValues().title).toBe('');
  });
});

const affiliateProduct: ProductDetail = {
  kind: 'affiliate',
  id: 7,
  title: 'GPU',
  category: 'Graphics',
  main_category: 'Parts',
  view_count: 3,
  updated_at: '2024-01-01T00:00:00.000Z',
  imagecount: 2,
  price: '199.99',
  typical_price: '249',
  rate: 4,
  availability: 'NO',
  link: 'https://example.com/gpu',
  description: '<p>Fast</p>',
};

const openboxProduct: ProductDetail = {
  kind: 'openbox',
  id: 9,
  title: 'Lamp',
  category: 'Lights',
  main_category: 'Home',
  view_count: 0,
  updated_at: '2024-01-01T00:00:00.000Z',
  imagecount: 1,
  store: 'AYZ',
  price: '5',
  acceptable_condition_price: '5',
  acceptable_condition_available_quantity: 2,
  good_condition_price: '0',
  good_condition_available_quantity: 0,
  verygood_condition_price: '0',
  verygood_condition_available_quantity: 0,
  excellent_condition_price: '12.5',
  excellent_condition_available_quantity: 1,
  description: '',
  ebay: 'https://ebay.example/1',
  facebook_marketplace: '',
  offer_up: '',
  mercari_marketplaces: '',
  warranty_months: 12,
};

describe('formValuesFromProduct', () => {
  it('fills the text fields of an affiliate product', () => {
    const values = formValuesFromProduct(affiliateProduct);
    expect(values).toMatchObject({
      id: '7',
      title: 'GPU',
      main_category: 'Parts',
      category: 'Graphics',
      price: '199.99',
      typical_price: '249',
      link: 'https://example.com/gpu',
    });
  });

  it('turns open-box quantities into text', () => {
    const values = formValuesFromProduct(openboxProduct);
    expect(values.acceptable_condition_available_quantity).toBe('2');
    expect(values.excellent_condition_price).toBe('12.5');
    expect(values.ebay).toBe('https://ebay.example/1');
    expect(values.warranty_months).toBe('12');
  });
});

describe('productExtras', () => {
  it('reads rating and availability', () => {
    expect(productExtras(affiliateProduct)).toEqual({ rate: 4, available: false });
    expect(productExtras(openboxProduct)).toEqual({ rate: 0, available: true });
  });
});

describe('productRequestBody', () => {
  it('sends the shop fields, rating and availability as YES/NO', () => {
    const values = {
      ...emptyFormValues(),
      id: '12',
      title: ' GPU ',
      main_category: 'Parts',
      category: 'Graphics',
    };
    const body = productRequestBody(affiliateShop, 'add', values, {
      description: '<p>x</p>',
      rate: 5,
      available: false,
    });
    expect(body).toEqual({
      id: '12',
      title: 'GPU',
      main_category: 'Parts',
      category: 'Graphics',
      price: '',
      typical_price: '0',
      link: '',
      description: '<p>x</p>',
      rate: 5,
      availability: 'NO',
    });
  });

  it('sends no rating, availability, price or id for an open-box edit', () => {
    const body = productRequestBody(openboxShop, 'edit', formValuesFromProduct(openboxProduct), {
      description: '',
      rate: 3,
      available: false,
    });
    expect(body).not.toHaveProperty('rate');
    expect(body).not.toHaveProperty('availability');
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ store: 'AYZ', excellent_condition_available_quantity: '1' });
  });
});
