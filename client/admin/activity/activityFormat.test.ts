import { describe, expect, it } from 'vitest';
import { textKeyed } from '../../../shared/textKeyed.js';
import {
  activityQueryFrom,
  activitySearchFor,
  changeLines,
  formatActivityTime,
  formatValue,
} from './activityFormat.js';

describe('the activity screen format', () => {
  it('reads the filters from the address bar, dropping what is not valid', () => {
    const query = activityQueryFrom(
      new URLSearchParams('target=%20product%20&action=product.edit&from=2026-02-30&to=2026-03-01&page=2'),
    );
    expect(query).toEqual({
      target: 'product',
      action: 'product.edit',
      from: undefined,
      to: '2026-03-01',
      page: 2,
      pageSize: 50,
    });
    expect(activityQueryFrom(new URLSearchParams('action=nope&page=-1'))).toMatchObject({
      action: undefined,
      page: 1,
    });
  });

  it('writes only the set filters and a page past the first', () => {
    expect(activitySearchFor({ target: ' x ', action: '', from: '2026-01-01', to: '' }, 1)).toEqual({
      target: 'x',
      from: '2026-01-01',
    });
    expect(activitySearchFor({ target: '', action: 'admin.sign_in', from: '', to: '' }, 3)).toEqual({
      action: 'admin.sign_in',
      page: '3',
    });
  });

  it('words times in UTC and values readably', () => {
    expect(formatActivityTime('2026-03-01T04:05:06.789Z')).toBe('2026-03-01 04:05:06 UTC');
    expect([formatValue(''), formatValue(true), formatValue([]), formatValue(['1.webp', '2.webp'])]).toEqual([
      '(empty)',
      'yes',
      '(none)',
      '1.webp, 2.webp',
    ]);
    expect(formatValue({ percent: 10 })).toBe('{"percent":10}');
  });

  it('lists each field with before and after, and only the side a row has', () => {
    const before = textKeyed<unknown>([['price', '19.99']]);
    const after = textKeyed<unknown>([['price', '24.99']]);
    expect(changeLines({ before, after })).toEqual([{ field: 'price', before: '19.99', after: '24.99' }]);
    expect(changeLines({ before: null, after })).toEqual([{ field: 'price', after: '24.99' }]);
    expect(changeLines({ before: null, after: null })).toEqual([]);
  });
});
