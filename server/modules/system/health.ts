/**
 * Health that tells the truth. GET /api/health asks every registered dependency (PostgreSQL; Redis
 * registers itself when REDIS_URL is set) and answers 200 only when each answered within
 * HEALTH_PROBE_DEADLINE_MS, else 503 naming those that did not, with Retry-After: a load balancer stops
 * sending traffic here while the database is away. GET /api/health/live asks nothing: it answers while
 * the process runs and serves HTTP (a liveness probe must not restart a process for a database outage).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import {
  type HealthDependency,
  healthDownSchema,
  healthSchema,
  liveSchema,
} from '../../../shared/schemas/catalog.js';
import { withDeadline } from '../../deadline.js';

export type HealthProbe = () => Promise<unknown>;

export const HEALTH_PROBE_DEADLINE_MS = 2_000;
const RETRY_AFTER_S = 5;

declare module 'fastify' {
  interface FastifyInstance {
    healthProbes: Map<HealthDependency, HealthProbe>;
  }
}

/** Adds a dependency /api/health asks from now on; `probe` resolves when it answers. One line per dependency. */
export function registerHealthProbe(app: FastifyInstance, name: HealthDependency, probe: HealthProbe): void {
  app.healthProbes.set(name, probe);
}

const NAMES: Record<HealthDependency, string> = { database: 'its database', redis: 'Redis' };

/** 'The shop cannot reach its database and Redis.' */
export function healthSentence(down: HealthDependency[]): string {
  const names = down.map((name) => NAMES[name]);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `The shop cannot reach ${listed}.`;
}

/**
 * Asks every dependency (each within HEALTH_PROBE_DEADLINE_MS) and answers those that did not answer.
 * Requests arriving while a round is under way share it: a load balancer polling, or a flood of health
 * checks, costs one round trip per dependency at a time, not one per request, and a dependency that
 * stalls is waited for once, not by every request that arrives meanwhile.
 */
function sharedRound(probes: Map<HealthDependency, HealthProbe>): () => Promise<HealthDependency[]> {
  let running: Promise<HealthDependency[]> | undefined;
  const round = async () => {
    const asked = [...probes];
    const outcomes = await Promise.allSettled(
      asked.map(([, probe]) => withDeadline(probe(), HEALTH_PROBE_DEADLINE_MS)),
    );
    return asked
      .filter((_, index) => outcomes[index]!.status === 'rejected')
      .map(([name]) => name)
      .sort();
  };
  return () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** On the root instance (not a plugin), so probes registered anywhere later are seen. */
export function registerHealth(app: FastifyInstance): void {
  const { db, dialect } = app.deps;
  app.decorate('healthProbes', new Map<HealthDependency, HealthProbe>());
  // PostgreSQL is across a network: ask it. SQLite is a file this process holds open; `select 1` would
  // only queue behind the statements Kysely runs one at a time on its one connection (a long import),
  // saying nothing about the file, so the process answering is the answer: no probe.
  if (dialect === 'postgres') registerHealthProbe(app, 'database', () => sql`select 1`.execute(db));
  const askDependencies = sharedRound(app.healthProbes);
  // The one 200 answer, put through its schema once: polled constantly, it is sent as these bytes.
  const healthy = Buffer.from(JSON.stringify(healthSchema.parse({ ok: true, db: dialect })));
  const sendHealthy = (reply: FastifyReply) => reply.type('application/json; charset=utf-8').send(healthy);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the shop and its dependencies answer (readiness)',
        operationId: 'getHealth',
        tags: ['system'],
        response: { 200: healthSchema, 503: healthDownSchema },
      },
      // A few bytes: nothing to compress, so not even asked (bench/README.md, bench:http).
      compress: false,
    },
    (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // Nothing to ask (SQLite without Redis): answered in this turn, with no promise to wait for.
      if (app.healthProbes.size === 0) {
        sendHealthy(reply);
        return;
      }
      return askDependencies().then((down) => {
        if (down.length === 0) {
          sendHealthy(reply);
          return;
        }
        reply.header('Retry-After', String(RETRY_AFTER_S));
        reply.code(503).send({ ok: false as const, error: healthSentence(down), down });
      });
    },
  );
  routes.get(
    '/api/health/live',
    {
      schema: {
        summary: 'Whether the process serves HTTP (liveness)',
        operationId: 'getLiveness',
        tags: ['system'],
        response: { 200: liveSchema },
      },
      compress: false,
      config: { usesDatabase: false },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { ok: true as const };
    },
  );
}
