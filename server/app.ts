import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/types.js';
import { handleClientError, handleFrameworkError, registerErrorHandler } from './http/error-handler.js';
import { lazyRequestLogger, loggerOptions, registerRequestLogging, requestId } from './http/logging.js';
import { activityRoutes, scheduleActivityRetention } from './modules/activity/index.js';
import { adminAuthRoutes, requireAdmin } from './modules/admin-auth/index.js';
import { apiDocsRoutes, registerApiDocs } from './modules/api-docs/index.js';
import {
  accountRoutes,
  buyersRoutes,
  createGoogleVerifier,
  createSignOuts,
  scheduleRevocationPurge,
} from './modules/buyers/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { catalogToolsRoutes } from './modules/catalog-tools/index.js';
import { catalogRoutes, scheduleClickPurge } from './modules/catalog/index.js';
import {
  type ChatEmailNotices,
  scheduleChatEmailNotices,
  scheduleUnsentImageSweep,
} from './modules/chat/index.js';
import { imageRoutes } from './modules/images/index.js';
import { ledgerRoutes } from './modules/ledger/index.js';
import { mailRoutes, scheduleMailSender } from './modules/mail/index.js';
import { registerMetrics } from './modules/metrics/index.js';
import { orderRoutes, scheduleUnpaidOrderSweep } from './modules/orders/index.js';
import { type PaymentProvider, SIGNATURE_HEADERS } from './modules/payment-providers/index.js';
import { paymentRoutes } from './modules/payments/index.js';
import { type PriceSourceOptions, registerPriceSources } from './modules/price-checks/index.js';
import { productEditorRoutes } from './modules/product-editor/index.js';
import { salesRoutes } from './modules/sales/index.js';
import { seoRoutes } from './modules/seo/index.js';
import { registerHealth, systemRoutes } from './modules/system/index.js';
import { registerChat } from './plugins/chat.js';
import { findClientDir, registerClientFiles } from './plugins/client-files.js';
import { registerCompress } from './plugins/compress.js';
import { registerHelmet } from './plugins/helmet.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerLimits } from './plugins/limits.js';
import type { Secrets } from './secrets.js';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  secrets: Secrets;
  /** The one payment provider (docs/architecture.md §7); tests hand in a stand-in. */
  paymentProvider: PaymentProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); turns the logger on, as JSON. */
  logStream?: NodeJS.WritableStream;
  /** Serve the built client (off for API tests). */
  serveClient?: boolean;
  /** The built client to serve (default: dist/client, found next to this file). */
  clientDir?: string;
  /** Told of every route as it is registered (tests check that each non-public one needs the admin). */
  onRoute?: (route: RouteOptions) => void;
  /** URLs per sitemap file (default 50,000, the protocol's limit); tests lower it to see the paging. */
  sitemapUrlLimit?: number;
  /**
   * How often this process expires unpaid orders past ORDER_HOLD_MINUTES (default 30 s, so an order that
   * never got its invoice expires within 90 s: orders/checkout.ts INVOICELESS_HOLD_MS); 0 turns it off (tests).
   */
  orderSweepMs?: number;
  /** How often this process removes chat images never sent within a day; 0 turns the timer off (tests). */
  chatImageSweepMs?: number;
  /** How often this process e-mails chat messages left unread (default 15 s); 0 turns the timer off (tests). */
  chatEmailNoticeMs?: number;
  /** Handed the chat e-mail job, so a test runs it when it chooses (and with the clock it chooses). */
  onChatEmailNotices?: (notices: ChatEmailNotices) => void;
  /** How often this process removes activity rows past ACTIVITY_RETENTION_DAYS (default daily); 0 turns it off (tests). */
  activityRetentionMs?: number;
  /** How often this process sends due e-mails from the outbox (default 1 s); 0 turns the sender off (tests). */
  mailSendMs?: number;
  /** How often this process removes the sign-outs of buyer tokens run out anyway (default hourly); 0: never. */
  revocationPurgeMs?: number;
  /** How often this process removes outbound clicks older than 30 days (default hourly); 0: never. */
  clickPurgeMs?: number;
  /** The price source's refresh (issue 29): its tick (default 1 s; 0: off), its clock, and a hand-over for tests. */
  priceSources?: PriceSourceOptions;
}

/** Fastify's own options: the logger (or a test's log stream), request ids, proxies and its refusals in our words. */
function serverOptions(config: Config, options: BuildOptions) {
  const logging = Boolean(options.logStream ?? options.logger);
  return {
    logger: options.logStream
      ? {
          ...(loggerOptions({ ...config, NODE_ENV: 'production' }, SIGNATURE_HEADERS) as object),
          stream: options.logStream,
        }
      : options.logger
        ? loggerOptions(config, SIGNATURE_HEADERS)
        : false,
    logController: new LogController({ disableRequestLogging: true }),
    // request.log made on first use (http/logging.ts); without a logger Fastify hands out its no-op one.
    ...(logging ? { childLoggerFactory: lazyRequestLogger } : {}),
    genReqId: requestId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  };
}

/** The app: cross-cutting plugins (server/plugins/), then each module's routes, then the built client. */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(deps.config, options));
  app.decorate('deps', deps);
  registerRequestLogging(app);
  const metrics = registerMetrics(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerJsonBody(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerHelmet(app);
  await registerCompress(app);

  await registerApiDocs(app);
  registerHealth(app);
  await app.register(systemRoutes);
  await app.register(catalogRoutes);
  await app.register(imageRoutes);
  await app.register(adminAuthRoutes);
  await app.register(productEditorRoutes);
  await app.register(catalogToolsRoutes);
  await app.register(salesRoutes);
  await app.register(ledgerRoutes);
  // Each buyer sign-out is told to the chat socket, which closes that session's sockets everywhere.
  const signOuts = createSignOuts();
  await app.register(buyersRoutes, { googleVerifier: createGoogleVerifier(deps.config), signOuts });
  await app.register(accountRoutes);
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(seoRoutes, { sitemapUrlLimit: options.sitemapUrlLimit });
  await app.register(mailRoutes);
  await registerPriceSources(app, options.priceSources);
  await app.register(activityRoutes, { requireAdmin });
  const { chat, io, emailNotices } = await registerChat(app, {
    ...(await registerLimits(app)),
    loopDelay: metrics.loopDelay,
    signOuts,
  });
  metrics.countSockets = () => io.engine.clientsCount;
  metrics.countChatWrites = () => chat.writeStats();
  await app.register(apiDocsRoutes);
  scheduleUnpaidOrderSweep(app, options.orderSweepMs ?? 30_000);
  scheduleUnsentImageSweep(app, chat, options.chatImageSweepMs ?? 15 * 60_000);
  scheduleChatEmailNotices(app, emailNotices, options.chatEmailNoticeMs ?? 15_000);
  scheduleRevocationPurge(app, options.revocationPurgeMs ?? 3_600_000);
  scheduleClickPurge(app, options.clickPurgeMs ?? 3_600_000);
  options.onChatEmailNotices?.(emailNotices);
  scheduleActivityRetention(app, options.activityRetentionMs ?? 86_400_000);
  scheduleMailSender(app, options.mailSendMs ?? 1000, {
    onSent: metrics.mailSent,
    onFailed: metrics.mailFailed,
  });

  const clientDir = options.serveClient === false ? undefined : (options.clientDir ?? findClientDir());
  if (clientDir) await registerClientFiles(app, clientDir);
  return app;
}
