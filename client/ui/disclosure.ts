/** The affiliate disclosure of docs/product.md §1, e.g. 'As an Amazon Associate we earn from qualifying purchases.' */
export function affiliateDisclosure(retailerName: string): string {
  const name = retailerName.trim() || 'Amazon';
  const article = /^[aeiou]/i.test(name) ? 'an' : 'a';
  return `As ${article} ${name} Associate we earn from qualifying purchases.`;
}
