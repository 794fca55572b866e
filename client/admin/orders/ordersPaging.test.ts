import { describe, expect, it } from 'vitest';
import { ORDERS_PAGE_SIZE } from '../../../shared/schemas/buying.js';
import { ordersQueryFrom, ordersSearchFor, pageItems, parseTotalCount, totalPages } from './ordersPaging.js';

const query = (page: number) => ({ page, pageSize: 50, filter: 'all' as const });

describe('parseTotalCount', () => {
  it('reads a whole count and refuses anything else', () => {
    expect(parseTotalCount('0')).toBe(0);
    expect(parseTotalCount('5000')).toBe(5000);
    expect(parseTotalCount(' 12 ')).toBe(12);
    expect(parseTotalCount(null)).toBeNull();
    expect(parseTotalCount('')).toBeNull();
    expect(parseTotalCount('-3')).toBeNull();
    expect(parseTotalCount('1.5')).toBeNull();
    expect(parseTotalCount('many')).toBeNull();
  });
});

describe('totalPages', () => {
  it('divides the count by the page size, rounding up, at least one page', () => {
    expect(totalPages(0, query(1), 0)).toBe(1);
    expect(totalPages(50, query(1), 50)).toBe(1);
    expect(totalPages(51, query(1), 50)).toBe(2);
    expect(totalPages(5000, query(7), 50)).toBe(100);
  });

  it('without a count, offers a next page only after a full one', () => {
    expect(totalPages(null, query(3), 50)).toBe(4);
    expect(totalPages(null, query(3), 12)).toBe(3);
    expect(totalPages(null, query(1), 0)).toBe(1);
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 0)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(1, 100)).toEqual([1, 2, 'gap', 100]);
    expect(pageItems(50, 100)).toEqual([1, 'gap', 49, 50, 51, 'gap', 100]);
    expect(pageItems(100, 100)).toEqual([1, 'gap', 99, 100]);
  });

  it('shows a single left-out page rather than a gap standing for it', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(500, 10)).toEqual([1, 'gap', 9, 10]);
  });
});

describe('ordersQueryFrom / ordersSearchFor', () => {
  it('reads page and filter from the address bar, falling back to the first page of all', () => {
    expect(ordersQueryFrom(new URLSearchParams('page=3&filter=unsent'))).toEqual({
      page: 3,
      pageSize: ORDERS_PAGE_SIZE,
      filter: 'unsent',
    });
    for (const bad of [
      'page=0',
      'page=-2',
      'page=1.5',
      'page=abc',
      'filter=shipped',
      'filter=constructor',
      '',
    ]) {
      const read = ordersQueryFrom(new URLSearchParams(bad));
      expect(read.page).toBeGreaterThanOrEqual(1);
      expect(['all', 'unpaid', 'paid', 'unsent', 'sent', 'attention']).toContain(read.filter);
    }
    expect(ordersQueryFrom(new URLSearchParams('filter=shipped&page=x'))).toMatchObject({
      page: 1,
      filter: 'all',
    });
  });

  it('writes only what differs from the default, and reads back what it wrote', () => {
    expect(ordersSearchFor({ page: 1, filter: 'all' })).toEqual({});
    const written = ordersSearchFor({ page: 4, filter: 'paid' });
    expect(written).toEqual({ page: '4', filter: 'paid' });
    expect(ordersQueryFrom(new URLSearchParams(written))).toMatchObject({ page: 4, filter: 'paid' });
    const attention = ordersSearchFor({ page: 1, filter: 'attention' });
    expect(ordersQueryFrom(new URLSearchParams(attention))).toMatchObject({ page: 1, filter: 'attention' });
  });
});
