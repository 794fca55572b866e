/** Which products a bulk action applies to: ids picked on pages, or every product a filter matches. */
import type { AdminProductFilter } from '../../../shared/schemas/adminProducts.js';

export interface Selection {
  ids: ReadonlySet<number>;
  /** Set for "all N matching": the filter as it was when chosen (the action is sent with this one). */
  allMatching: AdminProductFilter | null;
}

export const emptySelection: Selection = { ids: new Set(), allMatching: null };

export function selectAllMatching(filter: AdminProductFilter): Selection {
  return { ids: new Set(), allMatching: filter };
}

/**
 * Ticks or unticks one row. Under "all matching" the rows in view were all ticked: unticking one leaves
 * the others of the page ticked (the count then says so), never just the one row.
 */
export function toggleId(selection: Selection, id: number, pageIds: readonly number[]): Selection {
  const ids = new Set(selection.allMatching ? pageIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, allMatching: null };
}

/** Ticks or clears every row of the page in view, keeping rows picked on other pages. */
export function togglePage(selection: Selection, pageIds: readonly number[]): Selection {
  if (selection.allMatching) return emptySelection;
  const ids = new Set(selection.ids);
  const all = pageIds.every((id) => ids.has(id));
  for (const id of pageIds) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { ids, allMatching: null };
}

/** How many products the action will change. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.allMatching ? total : selection.ids.size;
}

/** The filter part of a query, as one string: the selection is dropped when it changes. */
export function filterKey(filter: AdminProductFilter): string {
  return JSON.stringify([filter.q, filter.category ?? '', filter.availability ?? '', filter.stock ?? '']);
}
