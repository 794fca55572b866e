/**
 * The PostgreSQL pool Kysely uses, made to survive a database that goes away or stops answering:
 *
 * - Every connection error is handled: one that breaks while idle in the pool (which, unhandled, would
 *   end the process) and one that breaks while a request holds it.
 * - Getting a connection has a deadline (CONNECT_DEADLINE_MS), whether a new one to the server or a free
 *   one from a full pool.
 * - A statement has no fixed deadline: a bulk change of 100,000 products legitimately runs for seconds.
 *   Instead, a statement without an answer for SUSPECT_AFTER_MS makes the pool ask the server, on a new
 *   connection, whether it still answers (`select 1` within PROBE_DEADLINE_MS). If it does, the statement
 *   goes on; if not, every statement waiting that long is ended (and the question is asked again, at
 *   most every SUSPECT_AFTER_MS, while statements wait).
 * - Each of those failures leaves as a DatabaseUnavailableError (a 503 with Retry-After), and `availability`
 *   turns unreachable at the first and reachable at the next answer, so an outage is logged once.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseAvailability } from './availability.js';
import {
  DatabaseBusyError,
  DatabaseUnavailableError,
  isServerUnavailableCode,
  type UnavailableReason,
} from './errors.js';

/** How long getting a connection may take: a new one to the server, or a free one from a full pool. */
export const CONNECT_DEADLINE_MS = 4_000;
/** A statement without an answer for this long makes the pool ask whether the server still answers. */
export const SUSPECT_AFTER_MS = 2_000;
/** How long that question (a new connection, then `select 1`) may take, each step. */
export const PROBE_DEADLINE_MS = 2_000;
const WATCH_EVERY_MS = 250;

export interface GuardedPostgresPool extends PostgresPool {
  readonly availability: DatabaseAvailability;
  /** Where the pool connects, without credentials: 'host:port'. */
  readonly address: string;
}

export interface PostgresPoolOptions {
  connectionString: string;
  /** The search_path of every connection (tests work in a schema of their own). */
  schema?: string;
  max?: number;
}

/** 'host:port' of a postgres:// URL, without user or password. */
export function postgresAddress(connectionString: string): string {
  const url = new URL(connectionString);
  const host = url.searchParams.get('host') || url.hostname || 'localhost';
  return `${host}:${url.port || '5432'}`;
}

interface Statement {
  client: pg.PoolClient;
  startedAt: number;
  /** Ended by the pool because the server stopped answering. */
  abandoned: boolean;
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

export function createPostgresPool(options: PostgresPoolOptions): GuardedPostgresPool {
  const availability = new DatabaseAvailability();
  const address = postgresAddress(options.connectionString);
  const max = options.max ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max,
    connectionTimeoutMillis: CONNECT_DEADLINE_MS,
    // A peer that vanished without closing (a host gone, a NAT forgetting the connection) is noticed by
    // the operating system's keepalive, rather than never.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  /** Clients whose connection is gone: released with an error, so the pool drops them. */
  const broken = new WeakSet<pg.ClientBase>();
  const inFlight = new Set<Statement>();
  /** One wrapper per pooled client, as Kysely keeps one connection object per client it is given. */
  const guardedClients = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  let answeredAt = 0;
  const answered = () => {
    answeredAt = Date.now();
    availability.answered();
  };
  /** A failure of something begun before the server's latest answer is old news: it starts no outage. */
  const failedSince = (startedAt: number, cause: unknown) => {
    if (answeredAt <= startedAt) availability.unreachable(cause);
  };

  /** A lost connection, or a server saying it is shutting down, counts; a server ending an idle session on its own timer does not. */
  const connectionLost = (error: unknown) =>
    !(error instanceof pg.DatabaseError) || isServerUnavailableCode(error.code);

  // Unhandled, this event ends the process: a connection idle in the pool broke (the pool has dropped it).
  pool.on('error', (error) => {
    if (connectionLost(error)) failedSince(Date.now(), error);
  });
  pool.on('connect', (client) => {
    // The server took a new connection: it answers.
    answered();
    // While a request holds this client the pool listens no more; a break then fails its statement,
    // and this listener keeps the event itself from ending the process.
    client.on('error', (error) => {
      broken.add(client);
      if (connectionLost(error)) failedSince(Date.now(), error);
    });
  });

  const unavailable = (reason: UnavailableReason, what: string, cause: unknown, startedAt: number) => {
    failedSince(startedAt, cause);
    return new DatabaseUnavailableError(reason, `PostgreSQL at ${address} ${what}`, { cause });
  };

  async function connect(): Promise<PostgresPoolClient> {
    const startedAt = Date.now();
    const poolWasFull = pool.totalCount >= max && pool.idleCount === 0;
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      const waited = Date.now() - startedAt;
      if (error instanceof pg.DatabaseError) {
        throw unavailable('server', `refused the connection (${error.code ?? 'no code'})`, error, startedAt);
      }
      if (errorCode(error) === 'ECONNREFUSED')
        throw unavailable('refused', 'refused the connection', error, startedAt);
      if (waited < CONNECT_DEADLINE_MS - 100)
        throw unavailable('lost', 'could not be connected to', error, startedAt);
      // Every connection stayed taken by statements that have not failed: a busy pool, not a lost server.
      if (poolWasFull && availability.reachable) {
        throw new DatabaseBusyError(`every connection to PostgreSQL at ${address} stayed busy`, {
          cause: error,
        });
      }
      throw unavailable(
        'timeout',
        `did not accept a connection within ${CONNECT_DEADLINE_MS} ms`,
        error,
        startedAt,
      );
    }
    let guarded = guardedClients.get(client);
    if (!guarded) guardedClients.set(client, (guarded = guardedClient(client)));
    return guarded;
  }

  function guardedClient(client: pg.PoolClient): PostgresPoolClient {
    async function run<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
      const statement: Statement = { client, startedAt: Date.now(), abandoned: false };
      inFlight.add(statement);
      watch();
      try {
        const result = await client.query(text, [...parameters]);
        answered();
        return result as unknown as PostgresQueryResult<R>;
      } catch (error) {
        if (statement.abandoned) {
          throw unavailable(
            'timeout',
            'did not answer a statement, nor a new connection, in time',
            error,
            statement.startedAt,
          );
        }
        if (broken.has(client) || isServerUnavailableCode(errorCode(error))) {
          broken.add(client);
          throw unavailable('lost', 'lost the connection during a statement', error, statement.startedAt);
        }
        // A constraint, a deadlock, a syntax error: the server answered.
        if (error instanceof pg.DatabaseError) answered();
        throw error;
      } finally {
        inFlight.delete(statement);
      }
    }
    function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      textOrCursor: string | PostgresCursor<R>,
      parameters: readonly unknown[] = [],
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      // openDatabase configures no cursor, so Kysely never streams through this pool.
      if (typeof textOrCursor !== 'string') throw new Error('This pool does not stream with cursors.');
      return run<R>(textOrCursor, parameters);
    }
    return {
      query,
      release: () => client.release(broken.has(client) ? new Error('connection lost') : undefined),
    };
  }

  /** Ends statements the server left unanswered; their requests answer 503 instead of waiting on. */
  function abandon(statements: Statement[]): void {
    for (const statement of statements) {
      if (statement.abandoned) continue;
      statement.abandoned = true;
      broken.add(statement.client);
      // With a statement in flight, end() destroys the socket at once rather than saying goodbye.
      statement.client.end().catch(() => undefined);
    }
  }

  let watcher: NodeJS.Timeout | undefined;
  let probing = false;
  let probedAt = 0;
  function watch(): void {
    watcher ??= setInterval(check, WATCH_EVERY_MS).unref();
  }
  function check(): void {
    if (inFlight.size === 0) {
      clearInterval(watcher);
      watcher = undefined;
      return;
    }
    const suspects = () => [...inFlight].filter((s) => Date.now() - s.startedAt >= SUSPECT_AFTER_MS);
    if (suspects().length === 0) return;
    // Asked even during an outage: a dropped idle connection may have started it while the connection
    // this statement runs on is fine, and a long statement is only ended on an answer missing now.
    if (probing || Date.now() - probedAt < SUSPECT_AFTER_MS) return;
    probing = true;
    const askedAt = (probedAt = Date.now());
    void probe().then((failure) => {
      probing = false;
      if (failure === undefined) return answered();
      // Something answered while the question was out: the server is back, nothing to end.
      if (answeredAt > askedAt) return;
      availability.unreachable(failure);
      abandon(suspects());
    });
  }

  /** Undefined when the server answers on a new connection, else what failed. */
  async function probe(): Promise<unknown> {
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: PROBE_DEADLINE_MS,
      query_timeout: PROBE_DEADLINE_MS,
    });
    // The outcome is the promises'; this keeps a late socket error from ending the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return undefined;
    } catch (error) {
      // Refused by the server itself (too many connections, starting up): it is there and answering.
      return error instanceof pg.DatabaseError ? undefined : (error ?? new Error('no answer'));
    } finally {
      client.end().catch(() => undefined);
    }
  }

  return {
    availability,
    address,
    connect,
    async end() {
      clearInterval(watcher);
      watcher = undefined;
      await pool.end();
    },
  };
}
