/**
 * The process's one connection to Redis (REDIS_URL): two clients, `commands` (publishes and the limits'
 * scripts) and `subscriber` (the socket.io adapter's subscriptions), a third connection of the health
 * probe's own (its PING never queues in front of the app's commands), and what happens when Redis blinks.
 *
 * Redis is a convenience, never a reason to stop: once started, a dropped or stalled Redis is logged once
 * per episode ('Redis unreachable' … 'Redis reachable again'), both clients reconnect with back-off, and
 * whatever waits on Redis meanwhile fails fast instead of queueing (see `available()` and `script()`).
 * At start, Redis must answer within 10 s, or the start stops with one sentence naming it.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { DeadlineExceeded, StartupError, withDeadline } from '../deadline.js';

/** How long a start waits for Redis (a Redis starting next to the app gets this long to come up). */
export const REDIS_START_DEADLINE_MS = 10_000;
/** A PING slower than this counts as no answer (health probe, recovery checks). */
export const REDIS_PROBE_TIMEOUT_MS = 2_000;
/** A limit's script slower than this gives way to the process-local count (and starts an outage). */
const SCRIPT_TIMEOUT_MS = 1_000;
/** The longest pause between two reconnection attempts. */
const MAX_BACKOFF_MS = 5_000;
/** How often a process that lost Redis checks whether it answers again. */
const RECOVERY_CHECK_MS = 1_000;
/**
 * Commands one client may hold unanswered. A stalled Redis (connection open, no answers) would
 * otherwise collect every publish of a long outage in memory; beyond this they are refused at once.
 */
const MAX_QUEUED_COMMANDS = 10_000;

type Client = ReturnType<typeof createClient>;

/** A Lua script run by its SHA1 (loaded on first use; Redis may forget scripts on a restart). */
export interface LuaScript {
  source: string;
  sha1: string;
}

export function luaScript(source: string): LuaScript {
  return { source, sha1: crypto.createHash('sha1').update(source).digest('hex') };
}

export interface RedisConnection {
  /** Where Redis is, as host:port (for sentences and logs). */
  where: string;
  /** False during an outage: callers use their process-local fallback without waiting. */
  available(): boolean;
  /** Runs a script; rejects at once during an outage and within 1 s when Redis stalls. */
  script(script: LuaScript, keys: string[], args: string[]): Promise<unknown>;
  /**
   * Resolves when Redis answers a PING within 2 s on the probe's own connection and both app connections
   * are up; rejects otherwise. A PING that goes unanswered closes its connection (the next opens anew).
   */
  probe(): Promise<void>;
  /**
   * The clients for @socket.io/redis-adapter. It publishes without awaiting (a rejected publish would be an
   * unhandled rejection, which ends the process), so every promise these return is already caught here.
   */
  adapterClients(): { pub: Client; sub: Client };
  close(): Promise<void>;
}

/** The address REDIS_URL names, as host:port. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '6379'}`;
  } catch {
    return 'REDIS_URL';
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every promise the wrapped client's methods return has `onRejected` attached. */
function catchingRejections(client: Client, onRejected: (error: unknown) => void): Client {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = Reflect.apply(value, target, args);
        if (result instanceof Promise) result.catch(onRejected);
        return result;
      };
    },
  });
}

/**
 * Connects both clients, or rejects with one sentence when Redis does not answer within 10 s (a refused,
 * reset or silent connection alike).
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  startDeadlineMs = REDIS_START_DEADLINE_MS,
): Promise<RedisConnection> {
  const where = redisAddress(url);
  let started = false;
  let closing = false;
  let lastStartError: unknown;

  // Back-off with jitter: 100 ms, 200 ms, … up to 5 s, so a fleet does not reconnect in lockstep.
  const reconnectStrategy = (retries: number) =>
    Math.round(Math.min(100 * 2 ** retries, MAX_BACKOFF_MS) * (0.5 + Math.random() / 2));
  const commands: Client = createClient({
    url,
    // Refused at once while reconnecting, instead of queued for a Redis that may not come back soon.
    disableOfflineQueue: true,
    commandsQueueMaxLength: MAX_QUEUED_COMMANDS,
    socket: { connectTimeout: 5_000, reconnectStrategy },
  });
  // The subscriber keeps node-redis's offline queue: with it disabled, a dropped connection also drops the
  // client's record of its subscriptions, and they would not be renewed on reconnection. It only ever
  // holds the adapter's few (un)subscribe commands.
  const subscriber: Client = commands.duplicate({ disableOfflineQueue: false });

  let downSince: number | undefined;
  let recoveryTimer: NodeJS.Timeout | undefined;

  /** The first failure of an episode is logged; the rest of it is not. */
  function down(cause: unknown): void {
    if (!started || closing) return;
    if (isSilence(cause)) silentOutage = true;
    if (downSince !== undefined) return;
    downSince = Date.now();
    log.error(
      { err: cause, redis: where },
      `Redis unreachable at ${where} (${messageOf(cause)}): chat messages reach this process's sockets only, and limits are counted per process, until it answers again`,
    );
    recoveryTimer = setInterval(() => void checkRecovered(), RECOVERY_CHECK_MS);
    recoveryTimer.unref();
  }

  function up(): void {
    if (downSince === undefined) return;
    const seconds = ((Date.now() - downSince) / 1000).toFixed(1);
    downSince = undefined;
    clearInterval(recoveryTimer);
    log.warn({ redis: where }, `Redis reachable again at ${where} after ${seconds} s`);
  }

  /**
   * The PING's own connection, never the app's: a PING that goes unanswered (bytes lost, Redis stalled)
   * stays queued on its connection, and every later reply there would be matched to the command before
   * it. So a PING that fails or times out takes its connection with it, and the next probe opens a new
   * one: a late reply reaches a closed socket, never a later PING, and nothing queues in front of the
   * app's publishes and scripts.
   */
  let probeLink: { client: Client; connected: Promise<unknown> } | undefined;
  function probeConnection(): { client: Client; connected: Promise<unknown> } {
    // A connection Redis dropped (it does not reconnect by itself) is replaced too.
    if (probeLink && !probeLink.client.isOpen) probeLink = undefined;
    if (probeLink) return probeLink;
    const client: Client = createClient({
      url,
      disableOfflineQueue: true,
      socket: { connectTimeout: REDIS_PROBE_TIMEOUT_MS, reconnectStrategy: false },
    });
    // Its failures reach the probe as the PING's rejection; an 'error' without a listener would throw.
    client.on('error', () => undefined);
    const connected = client.connect();
    connected.catch(() => undefined);
    probeLink = { client, connected };
    return probeLink;
  }
  function dropProbeConnection(link: { client: Client } | undefined): void {
    if (link === undefined) return;
    if (probeLink === link) probeLink = undefined;
    if (link.client.isOpen) link.client.destroy();
  }

  /**
   * Set when an outage began with no answer rather than a dropped connection: commands the app sent
   * into the silence may still be queued on its open connections, waiting for replies that were lost,
   * and would take the replies meant for later commands. Those connections are opened anew before the
   * outage is over (`recover`).
   */
  let silentOutage = false;
  const isSilence = (error: unknown) => error instanceof DeadlineExceeded;

  async function reopen(client: Client): Promise<void> {
    if (client.isOpen) client.destroy();
    const connecting = client.connect();
    connecting.catch(() => undefined);
    await withDeadline(connecting, REDIS_PROBE_TIMEOUT_MS);
  }

  let recovering: Promise<void> | undefined;
  async function recoverOnce(): Promise<void> {
    if (silentOutage) {
      await Promise.all([reopen(commands), reopen(subscriber)]);
      silentOutage = false;
    }
    up();
  }
  /** Ends the outage, first reopening the app's connections when it was a silent one. */
  function recover(): Promise<void> {
    if (downSince === undefined) return Promise.resolve();
    if (recovering === undefined) {
      const running = recoverOnce().finally(() => {
        if (recovering === running) recovering = undefined;
      });
      recovering = running;
    }
    return recovering;
  }

  async function ping(): Promise<void> {
    if (!commands.isReady) throw new Error('not connected');
    if (!subscriber.isReady) throw new Error('the subscriber connection is down');
    const link = probeConnection();
    try {
      await withDeadline(
        link.connected.then(() => link.client.ping()),
        REDIS_PROBE_TIMEOUT_MS,
      );
    } catch (error) {
      dropProbeConnection(link);
      throw error;
    }
  }

  let checking = false;
  async function checkRecovered(): Promise<void> {
    if (checking || downSince === undefined) return;
    checking = true;
    try {
      await ping();
      await recover();
    } catch {
      // Still down: the episode was logged when it began.
    } finally {
      checking = false;
    }
  }

  for (const client of [commands, subscriber]) {
    client.on('error', (error: unknown) => {
      if (started) down(error);
      else lastStartError = error;
    });
    client.on('ready', () => void checkRecovered());
  }

  const connecting = Promise.all([commands.connect(), subscriber.connect()]);
  let deadline: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    connecting.then(
      () => 'ready' as const,
      (error: unknown) => {
        lastStartError = error;
        return 'failed' as const;
      },
    ),
    new Promise<'late'>((resolve) => {
      deadline = setTimeout(() => resolve('late'), startDeadlineMs);
    }),
  ]);
  clearTimeout(deadline);
  if (outcome !== 'ready') {
    connecting.catch(() => undefined);
    commands.destroy();
    subscriber.destroy();
    const cause = lastStartError === undefined ? '' : ` (${messageOf(lastStartError)})`;
    throw new StartupError(
      `Redis at ${where} did not answer within ${Math.round(startDeadlineMs / 1000)} s${cause}.`,
    );
  }
  started = true;

  const noteFailure = (error: unknown) => {
    if (!closing) down(error);
  };

  return {
    where,
    available: () => downSince === undefined && commands.isReady,

    async script(script, keys, args) {
      if (downSince !== undefined) throw new Error(`Redis at ${where} is unreachable`);
      const options = { keys, arguments: args };
      try {
        try {
          return await withDeadline(commands.evalSha(script.sha1, options), SCRIPT_TIMEOUT_MS);
        } catch (error) {
          if (!messageOf(error).startsWith('NOSCRIPT')) throw error;
          return await withDeadline(commands.eval(script.source, options), SCRIPT_TIMEOUT_MS);
        }
      } catch (error) {
        noteFailure(error);
        throw error;
      }
    },

    async probe() {
      try {
        await ping();
        await recover();
      } catch (error) {
        noteFailure(error);
        throw new Error(`Redis at ${where} did not answer: ${messageOf(error)}`);
      }
    },

    adapterClients: () => ({
      pub: catchingRejections(commands, noteFailure),
      sub: catchingRejections(subscriber, noteFailure),
    }),

    async close() {
      closing = true;
      clearInterval(recoveryTimer);
      // Pending commands get a moment to finish; a Redis that is away does not hold the shutdown.
      await Promise.race([
        Promise.allSettled([commands.close(), subscriber.close()]),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
      for (const client of [commands, subscriber]) if (client.isOpen) client.destroy();
      dropProbeConnection(probeLink);
    },
  };
}
