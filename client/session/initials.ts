/** Up to two initials for an avatar without a picture: "Ada Lovelace" -> "AL", "山田 太郎" -> "山太". */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words.at(-1) : undefined;
  // Array.from splits by code point, so a letter outside the BMP (or an emoji) is not cut in half.
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  return letter(first) + (last ? letter(last) : '');
}
