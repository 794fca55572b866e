/** The category suggestion list of docs/product.md §2: case-insensitive substring match, in the list's own order. */
export function filterSuggestions(options: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const unique = [...new Set(options)];
  if (needle === '') return unique;
  return unique.filter((option) => option.toLowerCase().includes(needle));
}
