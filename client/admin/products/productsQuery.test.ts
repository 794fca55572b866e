import { describe, expect, it } from 'vitest';
import { productsQueryFrom, productsSearchFor } from './productsQuery.js';

describe('the products table query in the address bar', () => {
  it('reads filters, sort and page, and leaves defaults out when written back', () => {
    const query = productsQueryFrom('ayz', new URLSearchParams('q=lamp&stock=single&sort=price_desc&page=3'));
    expect(query).toEqual({ shop: 'ayz', q: 'lamp', stock: 'single', sort: 'price_desc', page: 3 });
    expect(productsSearchFor(query)).toEqual({ q: 'lamp', stock: 'single', sort: 'price_desc', page: '3' });
    expect(productsSearchFor(productsQueryFrom('default', new URLSearchParams()))).toEqual({});
  });

  it('drops a value the server would refuse instead of failing the screen', () => {
    const query = productsQueryFrom(
      'default',
      new URLSearchParams('sort=cheapest&page=0&availability=maybe&q=ok'),
    );
    expect(query).toEqual({ shop: 'default', q: 'ok', sort: 'id', page: 1 });
  });
});
