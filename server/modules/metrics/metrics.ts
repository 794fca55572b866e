/**
 * /metrics in Prometheus' text format (prom-client): request durations by route, orders by payment
 * status, connected chat sockets and event-loop lag. One registry per app (tests build many apps in
 * one process). Readable with the admin token, or from the addresses METRICS_ALLOW lists.
 */
import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Unauthorized } from '../../http/errors.js';
import { bearerToken, isValidAdminToken } from '../admin-auth/index.js';
import { countWaitingMail } from '../mail/index.js';
import { countOrdersByStatus } from '../orders/index.js';
import { createLoopDelay, type LoopDelay } from './loop-delay.js';

export interface AppMetrics {
  /** Set once the chat socket server exists: how many sockets are connected to this process. */
  countSockets: () => number;
  /** Set once the chat exists: the messages its writer stored and in how many transactions (batching). */
  countChatWrites: () => { transactions: number; messages: number };
  /** The mail sender tells of each e-mail the mail server took, and of each try it refused or could not take. */
  mailSent: () => void;
  mailFailed: () => void;
  /** The event-loop delay, read once for /metrics and the chat's lag refusal. */
  loopDelay: LoopDelay;
}

/** Whether `address` is one of `allowed` (addresses or CIDR ranges; IPv4-mapped IPv6 counts as IPv4). */
export function isAllowedAddress(address: string, allowed: readonly string[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const client = ipaddr.process(address);
  return allowed.some((entry) => {
    const [range, bits] = entry.includes('/') ? ipaddr.parseCIDR(entry) : [ipaddr.process(entry), -1];
    if (range.kind() !== client.kind()) return false;
    return bits < 0 ? range.toString() === client.toString() : client.match(range, bits);
  });
}

export function registerMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  const mailSent = new Counter({
    name: 'mail_sent_total',
    help: 'E-mails this process handed to the mail server (or wrote as .eml files).',
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'mail_failed_attempts_total',
    help: 'Tries of this process to send an e-mail that the mail server refused or could not take.',
    registers: [registry],
  });
  const loopDelay = createLoopDelay();
  app.addHook('onClose', async () => loopDelay.close());
  const metrics: AppMetrics = {
    loopDelay,
    countSockets: () => 0,
    countChatWrites: () => ({ transactions: 0, messages: 0 }),
    mailSent: () => mailSent.inc(),
    mailFailed: () => mailFailed.inc(),
  };

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // One child per (method, route, status), found by a string key: prom-client would otherwise hash the
  // three labels of every answer again (bench/README.md, bench:http).
  const series = new Map<string, { observe(seconds: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern, never the URL itself: one series per route, whatever the ids and queries.
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = series.get(key);
    if (!child) {
      child = durations.labels({ method: request.method, route, status_code: String(reply.statusCode) });
      series.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'shop_orders',
    help: 'Orders in the database, by payment status.',
    labelNames: ['payment_status'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { status, total } of await countOrdersByStatus(app.deps.db)) {
        this.set({ payment_status: status }, total);
      }
    },
  });
  new Gauge({
    name: 'mail_outbox_waiting',
    help: 'E-mails in the outbox not sent yet (all processes): failing ones have a last error.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { waiting, failing } = await countWaitingMail(app.deps.db);
      this.set({ state: 'waiting' }, waiting - failing);
      this.set({ state: 'failing' }, failing);
    },
  });
  new Gauge({
    name: 'chat_connected_sockets',
    help: 'Chat sockets connected to this process.',
    registers: [registry],
    collect() {
      this.set(metrics.countSockets());
    },
  });
  new Gauge({
    name: 'chat_message_write_transactions',
    help: 'Transactions this process wrote chat messages in since it started (a batch is one).',
    registers: [registry],
    collect() {
      this.set(metrics.countChatWrites().transactions);
    },
  });
  new Gauge({
    name: 'chat_messages_written',
    help: 'Chat messages this process stored since it started.',
    registers: [registry],
    collect() {
      this.set(metrics.countChatWrites().messages);
    },
  });
  // One read of the delays per scrape, for both gauges (the registry collects them in this order).
  let longestDelay = 0;
  new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Event-loop delay of this process since the last scrape: the highest p99 of a one-second window.',
    registers: [registry],
    collect() {
      const { p99, max } = loopDelay.takeSinceLastRead();
      this.set(p99 / 1e3);
      longestDelay = max / 1e3;
    },
  });
  new Gauge({
    name: 'nodejs_eventloop_lag_max_seconds',
    help: 'Event-loop delay of this process since the last scrape: the longest, about the longest block.',
    registers: [registry],
    collect() {
      this.set(longestDelay);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = isAllowedAddress(request.ip, app.deps.config.METRICS_ALLOW);
    const token = bearerToken(request.headers.authorization);
    if (!allowed && !(await isValidAdminToken(app.deps, token))) {
      throw new Unauthorized(
        'Metrics need the admin token, or a request from an address METRICS_ALLOW lists.',
        ['admin'],
        token !== undefined,
      );
    }
    reply.header('Cache-Control', 'no-store');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return metrics;
}
