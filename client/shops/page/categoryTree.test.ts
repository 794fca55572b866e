import { describe, expect, it } from 'vitest';
import { textKeyed, type TextKeyed } from '../../../shared/textKeyed.js';
import type { CategoryTotal } from '../../../shared/schemas/catalog.js';
import { categoryBranches } from './categoryTree.js';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
const total = (cents: number): CategoryTotal => ({
  typical_total: (cents / 100).toFixed(2),
  current_total: (cents / 200).toFixed(2),
});

/** What the browser holds: JSON.parse output, which has Object.prototype and an own "__proto__" key. */
function fromJson<T>(entries: [string, T][]): TextKeyed<T> {
  return JSON.parse(JSON.stringify(textKeyed(entries))) as TextKeyed<T>;
}

describe('categoryBranches', () => {
  it('sorts main and sub-categories by name, ignoring case', () => {
    const categories = fromJson([
      ['garden', ['Seeds', 'hoses']],
      ['Audio', ['Speakers']],
    ]);
    expect(categoryBranches(categories, undefined)).toEqual([
      { main: 'Audio', subs: [{ category: 'Speakers', total: undefined }] },
      {
        main: 'garden',
        subs: [
          { category: 'hoses', total: undefined },
          { category: 'Seeds', total: undefined },
        ],
      },
    ]);
  });

  it('keeps Object.prototype names as categories and finds only their own totals', () => {
    const categories = fromJson([
      ...HOSTILE.map((name): [string, string[]] => [name, [name]]),
      ['Main', HOSTILE],
    ]);
    const totals = fromJson([
      ['__proto__', total(1000)],
      ['toString', total(2000)],
    ]);
    const branches = categoryBranches(categories, totals);
    expect(branches.map((branch) => branch.main).sort()).toEqual([...HOSTILE, 'Main'].sort());
    const main = branches.find((branch) => branch.main === 'Main')!;
    expect(Object.fromEntries(main.subs.map((sub) => [sub.category, sub.total]))).toEqual({
      ['__proto__']: total(1000),
      constructor: undefined,
      toString: total(2000),
      hasOwnProperty: undefined,
      valueOf: undefined,
    });
  });

  it('has no totals at all when the shop shows none', () => {
    const branches = categoryBranches(fromJson([['constructor', ['valueOf']]]), undefined);
    expect(branches).toEqual([{ main: 'constructor', subs: [{ category: 'valueOf', total: undefined }] }]);
  });
});
