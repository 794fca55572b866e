/** Which page buttons to show: all of them when few, else first, last and a window around the current. */
export type PageItem = number | 'gap';

export function pageWindow(current: number, count: number, radius = 2): PageItem[] {
  if (count <= 2 * radius + 5) return Array.from({ length: count }, (_, index) => index + 1);
  const start = Math.max(2, Math.min(current - radius, count - 2 * radius - 1));
  const end = Math.min(count - 1, Math.max(current + radius, 2 * radius + 2));
  const middle = Array.from({ length: end - start + 1 }, (_, index) => start + index);
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...middle,
    ...(end < count - 1 ? ['gap' as const] : []),
    count,
  ];
}
