import { describe, expect, it } from 'vitest';
import { affiliateDisclosure } from './disclosure.js';

describe('affiliateDisclosure', () => {
  it('names the retailer with the right article', () => {
    expect(affiliateDisclosure('Amazon')).toBe('As an Amazon Associate we earn from qualifying purchases.');
    expect(affiliateDisclosure('Walmart')).toBe('As a Walmart Associate we earn from qualifying purchases.');
  });
  it('falls back to Amazon for a blank name', () => {
    expect(affiliateDisclosure(' ')).toBe('As an Amazon Associate we earn from qualifying purchases.');
  });
});
