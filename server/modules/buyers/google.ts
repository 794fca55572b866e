import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { SessionUser } from '../../../shared/schemas/buying.js';
import { textInput } from '../../../shared/schemas/common.js';
import type { Config } from '../../config.js';
import { HttpError, Unauthorized } from '../../http/errors.js';

export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed. Please try again.';
export const GOOGLE_UNAVAILABLE = 'Google sign-in is not answering right now. Please try again in a moment.';
const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
/**
 * Claim limits. users.id is varchar(255) and Google's subs are short digit strings; the rest keep the
 * app's own session token, which carries the profile, under the 4096 characters verifySessionToken takes.
 */
const MAX_SUB_LENGTH = 255;
const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_CODE_POINTS = 100;
const MAX_PICTURE_LENGTH = 1024;

/** Verifies a Google ID token and answers the profile it carries; throws an HttpError with a sentence. */
export type GoogleVerifier = (credential: string) => Promise<SessionUser>;

/** Thrown from inside the key lookup when the key set itself could not be had (network, timeout, bad JSON). */
class KeySetUnavailable extends Error {}

/** Claims fit to store, by the same rule as every text the API takes in (no NUL, no lone surrogate). */
const printableAscii = /^[\x21-\x7e]+$/;
// Control characters are refused in the e-mail and blanked in the name: JSON spells each in six bytes,
// which would push the session token past its limit.
const CONTROL_CHARACTERS = /\p{Cc}/gu;
const subClaim = textInput().max(MAX_SUB_LENGTH).regex(printableAscii);
const emailClaim = textInput()
  .min(1)
  .max(MAX_EMAIL_LENGTH)
  .refine((email) => !/\p{Cc}/u.test(email));
const nameClaim = textInput();
const pictureClaim = textInput().max(MAX_PICTURE_LENGTH).regex(printableAscii).startsWith('https://');

/** The name to show, cut to its first code points (never splitting a surrogate pair); else the e-mail's. */
function displayName(claim: unknown, email: string): string {
  const shorten = (text: string) =>
    Array.from(text.replace(CONTROL_CHARACTERS, ' ').trim()).slice(0, MAX_NAME_CODE_POINTS).join('').trim();
  const parsed = nameClaim.safeParse(claim);
  return (parsed.success && shorten(parsed.data)) || shorten(email);
}

/**
 * The profile of a verified token. sub and email identify the buyer, so a token without them is refused;
 * a missing or odd name or picture only costs the display (the name falls back to the e-mail, and a long
 * one is shortened).
 */
function profileOf(payload: JWTPayload): SessionUser | undefined {
  const sub = subClaim.safeParse(payload.sub);
  const email = emailClaim.safeParse(payload.email);
  if (!sub.success || !email.success) return undefined;
  return {
    sub: sub.data,
    email: email.data,
    name: displayName(payload.name, email.data),
    picture: pictureClaim.safeParse(payload.picture).data ?? '',
  };
}

/**
 * Google sign-in (docs/architecture.md §2 identity), or undefined when GOOGLE_CLIENT_ID is unset. The remote key set is
 * made once here, so its cache of Google's keys lives as long as the app, not one request.
 */
export function createGoogleVerifier(config: Config): GoogleVerifier | undefined {
  const clientId = config.GOOGLE_CLIENT_ID;
  if (!clientId) return undefined;
  const remoteKeys = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL));

  // Told apart from a bad token so an outage answers 502 rather than blaming the buyer's credential.
  // A kid the set does not hold is the token's fault (jose refetches the set for one, at most every 30 s).
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remoteKeys(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
        throw error;
      }
      throw new KeySetUnavailable('Google key set unavailable', { cause: error });
    }
  };

  return async (credential) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof KeySetUnavailable) throw new HttpError(502, GOOGLE_UNAVAILABLE);
      throw new Unauthorized(GOOGLE_SIGN_IN_FAILED, ['buyer'], false);
    }
    const profile = profileOf(payload);
    if (!profile) throw new Unauthorized(GOOGLE_SIGN_IN_FAILED, ['buyer'], false);
    return profile;
  };
}
