import { describe, expect, it } from 'vitest';
import { addUploadNames, editUploadNames } from './uploadNames.js';

describe('addUploadNames', () => {
  it('numbers images from 1 in gallery order', () => {
    expect(addUploadNames(3)).toEqual(['1.webp', '2.webp', '3.webp']);
    expect(addUploadNames(0)).toEqual([]);
  });
});

describe('editUploadNames', () => {
  it('joins the timestamp and the index', () => {
    expect(editUploadNames(2, 1700000000000)).toEqual(['17000000000000.webp', '17000000000001.webp']);
  });
});
