/**
 * Moves one entry of a list to another position (docs/product.md §4 "Dragging a preview onto another moves it to
 * that position"). Returns the same list when nothing moves, a new list otherwise.
 */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < list.length;
  if (from === to || !inRange(from) || !inRange(to)) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
