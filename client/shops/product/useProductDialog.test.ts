import { describe, expect, it } from 'vitest';
import { parseProductId } from './useProductDialog.js';

describe('parseProductId', () => {
  it('reads positive whole ids', () => {
    expect(parseProductId('42')).toBe(42);
  });
  it('rejects anything else', () => {
    for (const value of [null, '', '0', '-3', '1.5', 'abc', '99999999999']) {
      expect(parseProductId(value)).toBeNull();
    }
  });
});
