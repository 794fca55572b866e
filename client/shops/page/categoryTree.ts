/** The sidebar's category tree (docs/product.md §2): main categories alphabetically, each with its sub-categories. */
import type { CatalogOverview, CategoryTotal } from '../../../shared/schemas/catalog.js';
import { ownValue, textKeyedEntries } from '../../../shared/textKeyed.js';

export interface CategoryBranch {
  main: string;
  subs: { category: string; total: CategoryTotal | undefined }[];
}

// One collator: localeCompare with options builds a new one per comparison, slow on a phone.
const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
const byName = (a: string, b: string) => collator.compare(a, b);

/** Totals are looked up by own key only, so a sub-category named "constructor" gets none rather than a function. */
export function categoryBranches(
  categories: CatalogOverview['categories'],
  totals: CatalogOverview['totals'] | undefined,
): CategoryBranch[] {
  return textKeyedEntries(categories)
    .sort(([a], [b]) => byName(a, b))
    .map(([main, subs]) => ({
      main,
      subs: [...subs].sort(byName).map((category) => ({ category, total: ownValue(totals, category) })),
    }));
}
