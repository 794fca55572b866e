/**
 * "1 item", "2 items", "1,250 e-mails": a count with its noun in the right number. Every count the
 * screens show next to a noun goes through here (eslint.config.js refuses `${n} items` in the client).
 */
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${WHOLE.format(count)} ${count === 1 ? singular : plural}`;
}
