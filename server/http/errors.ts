/** An error whose message is a sentence fit to show the caller; the error handler sends it as { error }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The bearer tokens the API takes (RFC 6750 realms): a buyer's session token, or the admin's. */
export type BearerRealm = 'buyer' | 'admin';

/**
 * A 401, with what its WWW-Authenticate challenge needs (RFC 9110 §15.5.2 wants one on every 401): the
 * realms whose bearer token would open the route, and whether a token came and was refused (expired,
 * forged, ended: RFC 6750 §3.1 `invalid_token`) or none came (a bare challenge, RFC 6750 §3).
 */
export class Unauthorized extends HttpError {
  constructor(
    message: string,
    readonly realms: readonly BearerRealm[],
    readonly tokenSent: boolean,
  ) {
    super(401, message);
  }
}

/** The WWW-Authenticate value: one Bearer challenge per realm, e.g. `Bearer realm="admin", error="invalid_token"`. */
export function bearerChallenge(realms: readonly BearerRealm[], tokenSent: boolean): string {
  const refused = tokenSent ? ', error="invalid_token"' : '';
  return realms.map((realm) => `Bearer realm="${realm}"${refused}`).join(', ');
}

/**
 * The challenge of a 401 that names no realm (a payment provider's callback with a bad signature): RFC
 * 9110 still wants one, and Bearer is the only scheme this server speaks.
 */
export const DEFAULT_CHALLENGE = 'Bearer';

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The one sentence for a product id the shop does not have. */
export const noSuchProduct = (shopName: string, id: number) =>
  notFound(`There is no product ${id} in the ${shopName}.`);

/** The one sentence for an id another product already has. */
export const productTaken = (shopName: string, id: number) =>
  conflict(`Product ${id} already exists in the ${shopName}. Fetch a new ID and try again.`);
