import { describe, expect, it } from 'vitest';
import { externalUrl } from './externalUrl.js';

describe('externalUrl', () => {
  it('keeps http and https links', () => {
    expect(externalUrl(' https://www.ebay.com/itm/1 ')).toBe('https://www.ebay.com/itm/1');
    expect(externalUrl('http://example.com')).toBe('http://example.com/');
  });
  it('drops blanks, relative and script links', () => {
    expect(externalUrl('')).toBeUndefined();
    expect(externalUrl('ebay.com/x')).toBeUndefined();
    expect(externalUrl('javascript:alert(1)')).toBeUndefined();
  });
});
