import { describe, expect, it } from 'vitest';
import { asinOf } from './asin.js';

describe('asinOf', () => {
  const market = 'www.amazon.com';
  it.each([
    ['https://www.amazon.com/dp/B08N5WRWNW', 'B08N5WRWNW'],
    ['https://www.amazon.com/Echo-Dot/dp/B08N5WRWNW/ref=sr_1_1?tag=x-20', 'B08N5WRWNW'],
    ['https://amazon.com/gp/product/b08n5wrwnw', 'B08N5WRWNW'],
    ['https://www.amazon.com/gp/aw/d/0316769177?th=1', '0316769177'],
    ['http://www.amazon.com/exec/obidos/ASIN/0316769177/ref=nosim', '0316769177'],
    ['https://www.amazon.com/dp/B08N5WRWNW#reviews', 'B08N5WRWNW'],
  ])('reads %s', (link, asin) => {
    expect(asinOf(link, market)).toBe(asin);
  });

  it.each([
    'https://www.amazon.com/s?k=headphones',
    'https://www.amazon.de/dp/B08N5WRWNW',
    'https://www.amazon.com.evil.example/dp/B08N5WRWNW',
    'https://retailer.example/dp/B08N5WRWNW',
    'https://www.amazon.com/dp/B08N5WRWN',
    'https://www.amazon.com/dp/B08N5WRWNWX',
    'https://www.amazon.com/dp/B08N5-RWNW',
    'javascript:alert(1)//www.amazon.com/dp/B08N5WRWNW',
    'not a link',
    '',
  ])('does not check %s', (link) => {
    expect(asinOf(link, market)).toBeUndefined();
  });

  it('reads links of the configured marketplace only', () => {
    expect(asinOf('https://www.amazon.de/dp/B08N5WRWNW', 'www.amazon.de')).toBe('B08N5WRWNW');
    expect(asinOf('https://www.amazon.com/dp/B08N5WRWNW', 'www.amazon.co.uk')).toBeUndefined();
  });
});
