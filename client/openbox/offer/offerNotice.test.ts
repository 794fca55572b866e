import { describe, expect, it } from 'vitest';
import { ApiError } from '../../endpoints/http.js';
import { isSignedOut, offerNotice, refusalOf } from './offerNotice.js';

const quiet = { prompt: undefined, signedIn: true, added: false, refusal: undefined };

describe('what the open-box offer says (issue 20)', () => {
  it('asks a signed-out buyer to log in, in docs/product.md’s words, with a Sign in button', () => {
    expect(offerNotice({ ...quiet, prompt: 'sign-in', signedIn: false })).toEqual({
      text: 'Please log in to your account',
      tone: 'ask',
      signIn: true,
    });
  });

  it('drops the sign-in prompt once the buyer is signed in', () => {
    expect(offerNotice({ ...quiet, prompt: 'sign-in', signedIn: true })).toBeUndefined();
  });

  it('asks for a condition, says Added to cart, or says why the server refused', () => {
    expect(offerNotice({ ...quiet, prompt: 'choose-condition' })?.text).toBe('Please select a condition');
    expect(offerNotice({ ...quiet, added: true })).toEqual({
      text: 'Added to cart',
      tone: 'done',
      signIn: false,
    });
    const refusal = 'Only 1 left — it is already in your cart.';
    expect(offerNotice({ ...quiet, refusal })).toEqual({ text: refusal, tone: 'refused', signIn: false });
    expect(offerNotice(quiet)).toBeUndefined();
  });

  it('reads the buyer’s sentence only from a refusal meant for them', () => {
    expect(refusalOf(new ApiError('Only 2 left — both are already in your cart.', 409))).toBe(
      'Only 2 left — both are already in your cart.',
    );
    expect(refusalOf(new ApiError('There is no product 9 in the Open Box Store.', 404))).toMatch(/^There is/);
    expect(refusalOf(new ApiError('The database is busy.', 503))).toBeUndefined();
    expect(refusalOf(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(isSignedOut(new ApiError('Please sign in to continue.', 401))).toBe(true);
    expect(isSignedOut(new ApiError('That account is not yours.', 403))).toBe(false);
  });
});
