import { describe, expect, it } from 'vitest';
import { splitLinks } from './splitLinks.js';

describe('splitLinks', () => {
  it('splits on newlines and commas', () => {
    expect(splitLinks('https://a.test/1.png\nhttps://b.test/2.jpg,https://c.test/3.webp')).toEqual([
      'https://a.test/1.png',
      'https://b.test/2.jpg',
      'https://c.test/3.webp',
    ]);
  });

  it('trims links and drops empty entries and Windows line ends', () => {
    expect(splitLinks(' https://a.test/1.png ,\r\n\r\n, https://b.test/2.png  \n')).toEqual([
      'https://a.test/1.png',
      'https://b.test/2.png',
    ]);
  });

  it('finds nothing in blank text', () => {
    expect(splitLinks('  \n , ')).toEqual([]);
  });
});
