/**
 * The public catalogue GETs (every GET of the catalog routes): HTTP revalidation, and a per-process
 * cache of their answers, both keyed on the catalogue state the answers are computed at. The state is
 * the shop's catalogue version (bumped by database triggers on every visible change, in the writing
 * transaction, so every app process sees it) and the current window of VIEWS_MAX_AGE_MS: views do not
 * bump the version (they come too often), so view counts, the TOP strip and the "most viewed" order may
 * lag by at most that long, and by nothing else.
 *
 * A request whose If-None-Match names the current state answers 304 after one primary-key lookup
 * (shared by concurrent requests, see sharedVersionReader), without running its query. Otherwise an
 * answer this process already made in the current state (same route, same validated query) is sent
 * again as the JSON it was serialized to, so a warm overview or page costs the lookup alone; a write by
 * any process is a new version, so never a stale answer. Answers carry `Cache-Control: no-cache`: a
 * browser may keep them but must revalidate before each use, so it never shows an older catalogue.
 */
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { addResponses, notModifiedResponse } from '../../http/openapi.js';
import { Precompressed } from '../../http/precompressed.js';
import { catalogVersion } from './repository.js';
import { StateCache } from './state-cache.js';

/** The longest a view count (and so the TOP strip and views order) may lag behind, in every cache. */
export const VIEWS_MAX_AGE_MS = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** On catalogue GETs: the catalogue state this answer is computed at (and its ETag). */
    catalogState: string | undefined;
  }
  interface FastifyContextConfig {
    /**
     * false on a catalogue GET that keeps its own answers per state (the full list, full-list.ts): it
     * still revalidates here, but its answer does not go through the JSON cache.
     */
    catalogAnswerCache?: false;
  }
}

export function catalogState(version: number, now = Date.now()): string {
  return `${version}.${Math.floor(now / VIEWS_MAX_AGE_MS)}`;
}

/** The catalogue state a catalogue GET answers in (set before its handler runs). */
export function stateOf(request: FastifyRequest): string {
  if (request.catalogState === undefined) throw new Error('A catalogue GET ran without its catalogue state.');
  return request.catalogState;
}

/** Weak comparison (RFC 9110 §13.1.2) of an If-None-Match list against our one weak tag. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

const CACHE_CONTROL = 'no-cache';

/**
 * Reads a shop's catalogue version for a request, sharing reads between concurrent requests without
 * ever answering one from a read that began before it arrived (a write committed just before it must
 * show). A read starts at the end of the event-loop turn its first request arrived in (setImmediate:
 * after every request the turn brought was parsed) and serves every request that arrived before it
 * started; a request that finds a read already under way waits for the next one, which starts once that
 * ends. Under load that is one read per turn and shop instead of one per request: on SQLite, whose reads
 * are synchronous and so never "under way", it was a read per request (bench/README.md, bench:http).
 */
export function sharedVersionReader(db: Kysely<Database>): (shop: string) => Promise<number> {
  const running = new Map<string, Promise<number>>();
  const pending = new Map<string, Promise<number>>();
  const start = (shop: string): Promise<number> => {
    const read: Promise<number> = catalogVersion(db, shop).finally(() => {
      if (running.get(shop) === read) running.delete(shop);
    });
    running.set(shop, read);
    return read;
  };
  const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return (shop) => {
    const waiting = pending.get(shop);
    if (waiting) return waiting;
    const current = running.get(shop);
    const next = (current ? current.catch(() => undefined) : Promise.resolve()).then(endOfTurn).then(() => {
      // From here on a request arrives after this read began: it waits for the next.
      pending.delete(shop);
      return start(shop);
    });
    pending.set(shop, next);
    return next;
  };
}

/**
 * The catalogue state a shop's catalogue GETs answer in now, read as they read it (sharedVersionReader):
 * for a page that embeds their answers (a shop page's first view, seo/index-page.ts) and keeps what it
 * made per state.
 */
export function catalogStateReader(db: Kysely<Database>): (shop: string) => Promise<string> {
  const readVersion = sharedVersionReader(db);
  return async (shop) => catalogState(await readVersion(shop));
}

/** Bytes one app process keeps of catalogue answers (their JSON, and its compressed copies). */
const RESPONSE_CACHE_SIZE = 32 * 1024 * 1024;

/**
 * Adds revalidation and the answer cache to the catalog routes' plugin, for every GET route registered
 * in it after this call: one place for every catalogue GET.
 */
export function registerCatalogCaching(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('catalogState', undefined);
  const readVersion = sharedVersionReader(db);
  const answers = new StateCache<Precompressed>(RESPONSE_CACHE_SIZE, (answer) => answer.size);
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET') addResponses(route, { 304: notModifiedResponse });
    if (route.method !== 'GET' || route.config?.catalogAnswerCache === false) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function cachedAnswer(request, reply) {
      const state = request.catalogState;
      if (state === undefined) return handler.call(this, request, reply);
      // Validated (defaulted, unknown keys dropped) parameters: one key per answer, not per spelling.
      const key = JSON.stringify([route.url, request.params, request.query]);
      // Serialized by the route's own response schema, once per state; sent as these bytes (and their
      // compressed copies) from then on.
      const answer = await answers.get(key, state, async () => {
        const serialized = reply.serialize(await handler.call(this, request, reply));
        if (typeof serialized === 'string') return new Precompressed(Buffer.from(serialized));
        return new Precompressed(Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized));
      });
      return answer.send(request, reply, 'application/json; charset=utf-8');
    };
  });
  // preHandler: after validation, so the query's shop (defaulted) is there. Callback style, as the
  // other per-request hooks: an async hook costs a few µs more on every answer (bench/README.md).
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const { shop } = request.query as { shop: string };
    readVersion(shop).then((version) => {
      const state = catalogState(version);
      request.catalogState = state;
      const etag = `W/"${state}"`;
      // Answered here: the chain stops, so done is not called.
      if (noneMatch(request.headers['if-none-match'], etag)) {
        reply.code(304).header('etag', etag).header('cache-control', CACHE_CONTROL).send();
        return;
      }
      done();
    }, done);
  });
  // Only a full answer gets the tag: an error must not be revalidated into a 304 later.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.catalogState !== undefined && reply.statusCode === 200) {
      reply.header('etag', `W/"${request.catalogState}"`).header('cache-control', CACHE_CONTROL);
    }
    done(null, payload);
  });
}
