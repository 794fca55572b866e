import sanitizeHtml from 'sanitize-html';

/** Tags after which a reader sees a break: text either side must not run together ("a</p><p>b"). */
const BLOCK_TAG = /<(?=\/?(?:p|br|hr|h[1-6]|li|ul|ol|blockquote|pre|div)\b)/gi;

const TEXT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** A product description (sanitized HTML) as one line of plain text: tags dropped, entities decoded. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_TAG, ' <'), { allowedTags: [], allowedAttributes: {} });
  // sanitize-html re-escapes the text it keeps; the caller escapes again for wherever the text goes.
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => TEXT_ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters (whole code points), cut at a word boundary when one is near, with an ellipsis. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const head = lastSpace >= max / 2 ? cut.slice(0, lastSpace) : cut;
  return `${head.replace(/[\s.,;:!?-]+$/, '')}…`;
}
