/** Escaping for the three languages the server writes pages in: HTML, XML and JSON inside a script tag. */

const MARKUP_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in HTML or XML content and in a double- or single-quoted attribute value. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => MARKUP_ESCAPES[char]!);
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<` as \u003c means no text (a title holding
 * `</script>` or `<!--`) can end or bend the block; `>` and `&` follow for HTML parsers that look, and
 * U+2028/2029 for readers that parse the block as JavaScript. The JSON still decodes to the same value.
 */
export function jsonForScript(value: unknown): string {
  return jsonTextForScript(JSON.stringify(value));
}

/** The same for JSON already serialized (these characters occur only inside its strings, so it stays valid). */
export function jsonTextForScript(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
