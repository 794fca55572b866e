/** The pasted-links textarea of docs/product.md §4: one link per line or separated by commas; blanks dropped. */
export function splitLinks(text: string): string[] {
  return text
    .split(/[\n\r,]+/)
    .map((link) => link.trim())
    .filter((link) => link !== '');
}
