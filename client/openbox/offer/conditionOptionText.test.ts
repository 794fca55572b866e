import { describe, expect, it } from 'vitest';
import { CONDITION_INFO, CONDITIONS } from '../../../shared/shops.js';
import { conditionOptionText } from './conditionOptionText.js';

describe('conditionOptionText', () => {
  it('shows emoji, label, the price and the quantity in stock', () => {
    expect(conditionOptionText({ condition: 'good', quantity: 4, price: '19.99' })).toBe(
      `${CONDITION_INFO.good.emoji} Good · $19.99 · 4 in stock`,
    );
  });

  it('shows the quantity even when one is left, not the badge label', () => {
    const text = conditionOptionText({ condition: 'excellent', quantity: 1, price: '250' });
    expect(text).toBe(`${CONDITION_INFO.excellent.emoji} Excellent · $250.00 · 1 in stock`);
    expect(text).not.toContain('Only 1 left!');
  });

  it('names every condition with its own emoji and label', () => {
    for (const condition of CONDITIONS) {
      const text = conditionOptionText({ condition, quantity: 2, price: '1.5' });
      expect(
        text.startsWith(`${CONDITION_INFO[condition].emoji} ${CONDITION_INFO[condition].label} · `),
      ).toBe(true);
      expect(text).toMatch(/ · \$1\.50 · 2 in stock$/);
    }
  });
});
