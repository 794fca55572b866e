/**
 * JSON objects keyed by text that people type (category names). A plain object inherits
 * Object.prototype, so a category named "constructor" or "toString" finds a function that is not
 * there, and assigning to "__proto__" replaces the prototype instead of adding a key. A TextKeyed
 * record is built without a prototype and is opaque to TypeScript: `record[name]` does not compile,
 * so every read goes through `ownValue`/`textKeyedEntries`, which see own keys only. That also holds
 * in the browser, where the record comes from JSON.parse and does have a prototype.
 */

declare const textKeyedValue: unique symbol;

/** A record from typed text to T; build with `textKeyed`, read with `ownValue` or `textKeyedEntries`. */
export interface TextKeyed<T> {
  readonly [textKeyedValue]: T;
}

type OpenRecord<T> = Record<string, T>;

/** A prototype-free record of the entries; a repeated key keeps its last value. */
export function textKeyed<T>(entries: Iterable<readonly [string, T]> = []): TextKeyed<T> {
  const record = Object.create(null) as OpenRecord<T>;
  for (const [key, value] of entries) record[key] = value;
  return record as unknown as TextKeyed<T>;
}

/** The value stored under exactly this key, never an inherited member such as Object.prototype.constructor. */
export function ownValue<T>(record: TextKeyed<T> | undefined, key: string): T | undefined {
  if (record === undefined || !Object.hasOwn(record, key)) return undefined;
  return (record as unknown as OpenRecord<T>)[key];
}

export function textKeyedEntries<T>(record: TextKeyed<T>): [string, T][] {
  return Object.entries(record as unknown as OpenRecord<T>);
}

export function textKeyedKeys(record: TextKeyed<unknown>): string[] {
  return Object.keys(record);
}

/** Groups values under their key, in the order given (a Map inside, so any text is just a key). */
export function groupTextKeyed<T, V>(
  items: Iterable<T>,
  keyOf: (item: T) => string,
  valueOf: (item: T) => V,
): TextKeyed<V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(valueOf(item));
    else groups.set(key, [valueOf(item)]);
  }
  return textKeyed(groups);
}
