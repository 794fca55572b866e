/** The text of one condition option in the open-box dropdown (docs/product.md §2). Pure. */
import { formatDollars } from '../../../shared/rules/money.js';
import { type ConditionOffer } from '../../../shared/rules/offers.js';
import { CONDITION_INFO } from '../../../shared/shops.js';

/**
 * "🟡 Good · $19.99 · 1 in stock": docs/product.md §2 says each option shows the emoji, the label, the quantity in
 * stock and the price. The quantity is the number itself; docs/product.md §9's stock labels ('Only 1 left!') are
 * the badge's words, and would hide how many there are. The price comes before the quantity: a closed
 * dropdown on a 320 px phone cuts the end of the chosen option's text, and the stock is also in the
 * badge beside the price above it.
 */
export function conditionOptionText(offer: ConditionOffer): string {
  const info = CONDITION_INFO[offer.condition];
  return `${info.emoji} ${info.label} · ${formatDollars(offer.price)} · ${offer.quantity} in stock`;
}
