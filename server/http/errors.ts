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

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The one sentence for a product id the shop does not have. */
export const noSuchProduct = (shopName: string, id: number) =>
  notFound(`There is no product ${id} in the ${shopName}.`);

/** The one sentence for an id another product already has. */
export const productTaken = (shopName: string, id: number) =>
  conflict(`Product ${id} already exists in the ${shopName}. Fetch a new ID and try again.`);
