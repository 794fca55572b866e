/**
 * HTTP revalidation of the public catalogue GETs (every GET of the catalog routes), and the state their
 * answers are computed at. The state is the shop's catalogue version (bumped by database triggers on
 * every visible change, in the writing transaction, so every app process sees it) and the current
 * window of VIEWS_MAX_AGE_MS: views do not bump the version (they come too often), so view counts, the
 * TOP strip and the "most viewed" order may lag by at most that long, and by nothing else.
 *
 * A request whose If-None-Match names the current state answers 304 after one primary-key lookup,
 * without running its query. Answers carry `Cache-Control: no-cache`: a browser may keep them but must
 * revalidate before each use, so it never shows a catalogue older than that.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { catalogVersion } from './repository.js';

/** The longest a view count (and so the TOP strip and views order) may lag behind, in every cache. */
export const VIEWS_MAX_AGE_MS = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** On catalogue GETs: the catalogue state this answer is computed at (and its ETag). */
    catalogState: string | undefined;
  }
}

export function catalogState(version: number, now = Date.now()): string {
  return `${version}.${Math.floor(now / VIEWS_MAX_AGE_MS)}`;
}

/** Weak comparison (RFC 9110 §13.1.2) of an If-None-Match list against our one weak tag. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

const CACHE_CONTROL = 'no-cache';

/** Adds the revalidation hooks to the catalog routes' plugin: one place for every catalogue GET. */
export function registerCatalogRevalidation(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('catalogState', undefined);
  // preHandler: after validation, so the query's shop (defaulted) is there.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const { shop } = request.query as { shop: string };
    const state = catalogState(await catalogVersion(db, shop));
    request.catalogState = state;
    const etag = `W/"${state}"`;
    if (noneMatch(request.headers['if-none-match'], etag)) {
      return reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
    }
  });
  // Only a full answer gets the tag: an error must not be revalidated into a 304 later.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.catalogState !== undefined && reply.statusCode === 200) {
      reply.header('etag', `W/"${request.catalogState}"`).header('cache-control', CACHE_CONTROL);
    }
    return payload;
  });
}
