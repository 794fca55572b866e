import { describe, expect, it } from 'vitest';
import { filterSuggestions } from './filterSuggestions.js';

const options = ['Graphics Cards', 'Cases', 'Cables', 'Storage'];

describe('filterSuggestions', () => {
  it('matches a substring anywhere, ignoring case', () => {
    expect(filterSuggestions(options, 'CA')).toEqual(['Graphics Cards', 'Cases', 'Cables']);
    expect(filterSuggestions(options, 'rag')).toEqual(['Storage']);
  });

  it('offers everything for empty input', () => {
    expect(filterSuggestions(options, '  ')).toEqual(options);
  });

  it('drops duplicates and finds nothing for a stranger', () => {
    expect(filterSuggestions(['A', 'A', 'B'], '')).toEqual(['A', 'B']);
    expect(filterSuggestions(options, 'zzz')).toEqual([]);
  });
});
