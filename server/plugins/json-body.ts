import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../http/errors.js';

/**
 * JSON bodies. docs/product.md §7 sends POST /api/products/{id}/view with a JSON content type and an empty
 * body: read that as no body rather than refusing it; routes with a body schema still answer 400 for a
 * missing one.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      // Fastify's own parser refuses these keys too: merged or spread later, they would reach prototypes.
      parsed = secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error', safe: true });
    } catch {
      return done(new HttpError(400, 'The body is not valid JSON.'), undefined);
    }
    if (parsed === null && text.trim() !== 'null') {
      return done(
        new HttpError(400, 'The body must not use "__proto__" or "constructor.prototype" as a key.'),
      );
    }
    done(null, parsed);
  });
}
