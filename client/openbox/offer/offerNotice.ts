/**
 * What the open-box offer says under its buttons, in one status region (issue 20): the docs/product.md §8
 * prompts, 'Added to cart', or why the server refused the add. Pure.
 */
import { ApiError } from '../../endpoints/http.js';

/** docs/product.md §5 and §8, word for word. */
export const SIGN_IN_PROMPT = 'Please log in to your account';
export const CHOOSE_CONDITION_PROMPT = 'Please select a condition';

/** What a press asked of the buyer before anything could be sent. */
export type OfferPrompt = 'sign-in' | 'choose-condition';

export interface OfferNotice {
  text: string;
  /** 'done': it was added; 'ask': the buyer has a step to take first; 'refused': the server said no. */
  tone: 'done' | 'ask' | 'refused';
  /** The sign-in prompt comes with a Sign in button. */
  signIn: boolean;
}

/** A refusal whose sentence is the buyer's to read (past the stock, out of stock, no such product). */
export function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && (error.status === 404 || error.status === 409)
    ? error.message
    : undefined;
}

/** The session was refused (expired, revoked): the buyer is signed out and must sign in again. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function offerNotice(state: {
  prompt: OfferPrompt | undefined;
  signedIn: boolean;
  added: boolean;
  refusal: string | undefined;
}): OfferNotice | undefined {
  // Signed in meanwhile (here, or in another tab): the sign-in prompt is answered.
  if (state.prompt === 'sign-in' && !state.signedIn)
    return { text: SIGN_IN_PROMPT, tone: 'ask', signIn: true };
  if (state.prompt === 'choose-condition')
    return { text: CHOOSE_CONDITION_PROMPT, tone: 'ask', signIn: false };
  if (state.added) return { text: 'Added to cart', tone: 'done', signIn: false };
  if (state.refusal) return { text: state.refusal, tone: 'refused', signIn: false };
  return undefined;
}
