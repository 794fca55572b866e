/** Which products a bulk action applies to: ids picked on pages, or every product the filter matches. */
export interface Selection {
  ids: ReadonlySet<number>;
  allMatching: boolean;
}

export const emptySelection: Selection = { ids: new Set(), allMatching: false };

export function toggleId(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, allMatching: false };
}

/** Ticks or clears every row of the page in view, keeping rows picked on other pages. */
export function togglePage(selection: Selection, pageIds: readonly number[]): Selection {
  const ids = new Set(selection.ids);
  const all = pageIds.every((id) => ids.has(id));
  for (const id of pageIds) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { ids, allMatching: false };
}

/** How many products the action will change. */
export function selectedCount(selection: Selection, total: number): number {
  return selection.allMatching ? total : selection.ids.size;
}
