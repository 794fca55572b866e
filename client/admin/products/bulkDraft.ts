/** The bulk bar's draft: what the admin typed, turned into the request and into the confirmation sentence. */
import { SIGNED_AMOUNT, type BulkAction } from '../../../shared/schemas/adminProducts.js';
import { countOf } from '../../ui/plural.js';

export type BulkKind = 'price' | 'availability' | 'category' | 'delete';

export interface BulkDraft {
  kind: BulkKind;
  priceMode: 'percent' | 'amount';
  /** Signed, as typed: "10", "-5", "2.50". */
  priceValue: string;
  availability: 'YES' | 'NO';
  mainCategory: string;
  category: string;
}

export const initialDraft: BulkDraft = {
  kind: 'price',
  priceMode: 'percent',
  priceValue: '',
  availability: 'YES',
  mainCategory: '',
  category: '',
};

const plural = (count: number) => countOf(count, 'product');

/** The action part of the request, or a sentence saying what is missing. */
export function draftAction(draft: BulkDraft): { action: BulkAction } | { problem: string } {
  switch (draft.kind) {
    case 'price': {
      const text = draft.priceValue.trim();
      if (!SIGNED_AMOUNT.test(text) || Number(text) === 0) {
        return { problem: 'Enter a change such as 10 or -5 (up to two decimals).' };
      }
      return {
        action: {
          action: 'price',
          value: draft.priceMode === 'percent' ? { percent: Number(text) } : { amount: text },
        },
      };
    }
    case 'availability':
      return { action: { action: 'availability', value: draft.availability } };
    case 'category':
      if (!draft.mainCategory.trim() || !draft.category.trim()) {
        return { problem: 'Enter both the main category and the category.' };
      }
      return {
        action: {
          action: 'category',
          value: { main_category: draft.mainCategory.trim(), category: draft.category.trim() },
        },
      };
    case 'delete':
      return { action: { action: 'delete' } };
  }
}

/** The question the confirmation asks, with the count: "Raise the price of 30 products by 10 %?" */
export function confirmationSentence(draft: BulkDraft, count: number): string {
  const products = plural(count);
  switch (draft.kind) {
    case 'price': {
      const value = Number(draft.priceValue);
      const verb = value < 0 ? 'Lower' : 'Raise';
      const size = Math.abs(value);
      const by = draft.priceMode === 'percent' ? `${size} %` : `$${size.toFixed(2)}`;
      return `${verb} the price of ${products} by ${by}?`;
    }
    case 'availability':
      return `Mark ${products} as ${draft.availability === 'YES' ? 'available' : 'unavailable'}?`;
    case 'category':
      return `Move ${products} to ${draft.mainCategory.trim()} › ${draft.category.trim()}?`;
    case 'delete':
      return `Delete ${products} and their images? This cannot be undone.`;
  }
}
