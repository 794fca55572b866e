import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import secureJson from 'secure-json-parse';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { registerMetrics } from './modules/metrics/metrics.js';
import { apiDocsRoutes, registerApiDocs } from './modules/api-docs/routes.js';
import { loggerOptions, registerRequestLogging, requestId } from './http/logging.js';
import type { Dialect } from './db/database.js';
import type { Secrets } from './secrets.js';
import type { Database } from './db/types.js';
import {
  handleClientError,
  handleFrameworkError,
  noSuchEndpoint,
  registerErrorHandler,
} from './http/error-handler.js';
import { HttpError } from './http/errors.js';
import { registerSecureContextHeaders } from './http/secure-context-headers.js';
import { adminAuthRoutes } from './modules/admin-auth/routes.js';
import { adminCatalogRoutes } from './modules/admin-catalog/routes.js';
import { adminProductsRoutes } from './modules/admin-products/routes.js';
import { salesRoutes } from './modules/sales/routes.js';
import { createGoogleVerifier } from './modules/buyers/google.js';
import { buyersRoutes } from './modules/buyers/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { createChatService } from './modules/chat/service.js';
import { scheduleUnsentImageSweep } from './modules/chat/sweep.js';
import { attachChatSocket, CHAT_SOCKETS_PER_USER } from './modules/chat/socket.js';
import { createConnectionLimiter } from './limits/connection-limit.js';
import { createRateLimiter } from './limits/rate-limit.js';
import { connectRedis } from './redis/connection.js';
import { imageRoutes } from './modules/images/routes.js';
import { servableFile } from './modules/images/safe-path.js';
import { orderRoutes } from './modules/orders/routes.js';
import { scheduleUnpaidOrderSweep } from './modules/orders/sweep.js';
import type { PaymentProvider } from './modules/payments/provider.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { overviewFromRoute } from './modules/seo/first-view.js';
import { indexPageRenderer } from './modules/seo/index-page.js';
import { seoRoutes } from './modules/seo/routes.js';
import { registerHealth, registerHealthProbe } from './modules/system/health.js';
import { systemRoutes } from './modules/system/routes.js';

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

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the built React app is: dist/client, whether this runs from server/ (tsx) or dist/server/. */
function findClientDir(): string | undefined {
  const candidates = [path.resolve(here, '../dist/client'), path.resolve(here, '../client')];
  // A build has an assets folder; the source client/ (seen from server/) has none.
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, 'assets')),
  );
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
  /** How often this process expires unpaid orders past ORDER_HOLD_MINUTES; 0 turns the timer off (tests). */
  orderSweepMs?: number;
  /** How often this process removes chat images never sent within a day; 0 turns the timer off (tests). */
  chatImageSweepMs?: number;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logStream
      ? {
          ...(loggerOptions({ ...deps.config, NODE_ENV: 'production' }) as object),
          stream: options.logStream,
        }
      : options.logger
        ? loggerOptions(deps.config)
        : false,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
  });
  app.decorate('deps', deps);
  registerRequestLogging(app);
  const metrics = registerMetrics(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // docs/product.md §7 sends POST /api/products/{id}/view with a JSON content type and an empty body: read that as
  // no body rather than refusing it; routes with a body schema still answer 400 for a missing one.
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
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ['https://accounts.google.com/gsi/'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent by registerSecureContextHeaders, only to origins where browsers honour them.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
  registerSecureContextHeaders(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  await registerApiDocs(app);
  registerHealth(app);
  await app.register(systemRoutes);
  await app.register(catalogRoutes);
  await app.register(imageRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminProductsRoutes);
  await app.register(salesRoutes);
  await app.register(buyersRoutes, { googleVerifier: createGoogleVerifier(deps.config) });
  await app.register(cartRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(seoRoutes, { sitemapUrlLimit: options.sitemapUrlLimit });
  // With REDIS_URL: the chat's rooms and the per-user limits span every process. Redis must answer at
  // start (10 s); afterwards an outage is logged and lived through (redis/connection.ts), and
  // /api/health names it while it lasts.
  const redis = deps.config.REDIS_URL ? await connectRedis(deps.config.REDIS_URL, app.log) : undefined;
  if (redis) registerHealthProbe(app, 'redis', () => redis.probe());
  const limiter = createRateLimiter(redis);
  const connections = createConnectionLimiter(redis, CHAT_SOCKETS_PER_USER);
  app.addHook('onClose', async () => {
    limiter.close();
    connections.close();
    await redis?.close();
  });
  const chat = createChatService({ ...deps, limiter });
  await app.register(chatRoutes, { chat });
  const io = attachChatSocket(app, chat, { redis, limiter, connections });
  metrics.countSockets = () => io.engine.clientsCount;
  await app.register(apiDocsRoutes);
  scheduleUnpaidOrderSweep(app, options.orderSweepMs ?? 60_000);
  scheduleUnsentImageSweep(app, chat, options.chatImageSweepMs ?? 15 * 60_000);

  const clientDir = options.serveClient === false ? undefined : (options.clientDir ?? findClientDir());
  if (clientDir) await registerClient(app, clientDir);
  return app;
}

/**
 * The built SPA: hashed assets cached for a year, index.html for every other page route, with the head
 * (title, description, Open Graph, JSON-LD) of that page, revalidated on every visit.
 */
async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    serve: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // vite.config.ts emits hidden source maps for error trackers; a production shop does not hand them out.
  const hideSourceMaps = app.deps.config.NODE_ENV === 'production';
  const renderIndexPage = indexPageRenderer(
    app.deps,
    await fs.promises.readFile(path.join(clientDir, 'index.html'), 'utf8'),
    overviewFromRoute(app),
  );
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/images/')) {
      return reply.code(404).send({ error: noSuchEndpoint(request) });
    }
    if (hideSourceMaps && /\.map$/i.test(url)) return reply.code(404).send({ error: 'No such file.' });
    const file = url === '/index.html' ? undefined : await servableFile(clientDir, ...url.split('/'));
    if (file !== undefined) return reply.sendFile(file);
    const page = await renderIndexPage(request);
    reply.header('Cache-Control', 'no-cache');
    if (page.etag === undefined) return reply.type('text/html; charset=utf-8').send(page.html);
    reply.header('ETag', page.etag);
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === page.etag)) {
      return reply.code(304).send();
    }
    return reply.type('text/html; charset=utf-8').send(page.html);
  });
}
