import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textInput } from './common.js';

const form = z.object({ title: textInput().max(3), name: textInput().min(1), note: textInput().min(4) });
const messages = (input: unknown) => form.safeParse(input).error?.issues.map((issue) => issue.message);

describe('textInput sentences', () => {
  it('says what is wrong with the length, not "must be text"', () => {
    expect(messages({ title: 'abcd', name: '', note: 'ab' })).toEqual([
      'must be at most 3 characters',
      'must not be empty',
      'must be at least 4 characters',
    ]);
  });

  it('says a missing field is required and a number is not text', () => {
    expect(messages({ title: 5, note: 'abcd' })).toEqual(['must be text', 'is required']);
  });

  it('refuses NUL characters and lone surrogates', () => {
    expect(messages({ title: 'a\u0000', name: '\uD800', note: 'abcd' })).toEqual([
      'must not contain NUL characters',
      'must be valid Unicode text (it has a lone surrogate)',
    ]);
  });
});
