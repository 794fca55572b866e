import { describe, expect, it } from 'vitest';
import { initials } from './initials.js';

describe('initials', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  grace   brewster   hopper ', 'GH'],
    ['Élodie Ørsted', 'ÉØ'],
    ['山田 太郎', '山太'],
    ['𝒜lice 𝒵oe', '𝒜𝒵'],
    ['', '?'],
    ['   ', '?'],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
