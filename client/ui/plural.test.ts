import { describe, expect, it } from 'vitest';
import { countOf } from './plural.js';

describe('countOf', () => {
  it('is singular for one only', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(2, 'item')).toBe('2 items');
    expect(countOf(0, 'item')).toBe('0 items');
  });

  it('takes an irregular plural', () => {
    expect(countOf(3, 'other line', 'other lines')).toBe('3 other lines');
    expect(countOf(2, 'box', 'boxes')).toBe('2 boxes');
  });

  it('groups the thousands of a large count', () => {
    expect(countOf(1250, 'e-mail')).toBe('1,250 e-mails');
    expect(countOf(1_000_000, 'view')).toBe('1,000,000 views');
  });
});
