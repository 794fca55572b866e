import { describe, expect, it } from 'vitest';
import { chatPreview } from './chat.js';

describe('chat preview (docs/product.md §9)', () => {
  it('keeps up to 50 characters as they are', () => {
    const fifty = 'x'.repeat(50);
    expect(chatPreview(fifty)).toBe(fifty);
    expect(chatPreview('hello')).toBe('hello');
  });

  it('cuts longer text to 47 characters plus an ellipsis', () => {
    const preview = chatPreview('y'.repeat(51));
    expect(preview).toBe(`${'y'.repeat(47)}…`);
    expect(Array.from(preview)).toHaveLength(48);
  });

  it('puts the message on one line and never cuts an emoji in half', () => {
    expect(chatPreview('  line one\n\nline two  ')).toBe('line one line two');
    const emoji = '😀'.repeat(60);
    expect(chatPreview(emoji)).toBe(`${'😀'.repeat(47)}…`);
  });
});
