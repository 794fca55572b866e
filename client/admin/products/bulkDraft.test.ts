import { describe, expect, it } from 'vitest';
import { confirmationSentence, draftAction, initialDraft } from './bulkDraft.js';

describe('the bulk bar draft', () => {
  it('turns a typed percent or amount into the request and asks with the count', () => {
    const raise = { ...initialDraft, priceValue: '10' };
    expect(draftAction(raise)).toEqual({ action: { action: 'price', value: { percent: 10 } } });
    expect(confirmationSentence(raise, 30)).toBe('Raise the price of 30 products by 10 %?');
    const lower = { ...initialDraft, priceMode: 'amount' as const, priceValue: '-2.5' };
    expect(draftAction(lower)).toEqual({ action: { action: 'price', value: { amount: '-2.5' } } });
    expect(confirmationSentence(lower, 1)).toBe('Lower the price of 1 product by $2.50?');
  });

  it('says what is missing instead of sending a request the server would refuse', () => {
    expect(draftAction({ ...initialDraft, priceValue: '1.234' })).toEqual({
      problem: 'Enter a change such as 10 or -5 (up to two decimals).',
    });
    expect(draftAction({ ...initialDraft, kind: 'category', mainCategory: 'Home' })).toEqual({
      problem: 'Enter both the main category and the category.',
    });
    expect(confirmationSentence({ ...initialDraft, kind: 'delete' }, 2)).toBe(
      'Delete 2 products and their images? This cannot be undone.',
    );
  });
});
