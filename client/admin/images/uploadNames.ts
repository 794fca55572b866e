/**
 * Names of pending images when they are uploaded (docs/product.md §4): by position from 1 on Add (1.webp, 2.webp…),
 * by timestamp plus index on Edit (e.g. 17000000000000.webp, 17000000000001.webp).
 */
export function addUploadNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `${index + 1}.webp`);
}

export function editUploadNames(count: number, timestamp: number): string[] {
  return Array.from({ length: count }, (_, index) => `${timestamp}${index}.webp`);
}
