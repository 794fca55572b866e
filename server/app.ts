import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Dialect } from './db/database.js';
import type { Secrets } from './secrets.js';
import type { Database } from './db/types.js';
import { registerErrorHandler } from './http/error-handler.js';
import { HttpError } from './http/errors.js';
import { adminAuthRoutes } from './modules/admin-auth/routes.js';
import { adminCatalogRoutes } from './modules/admin-catalog/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { imageRoutes } from './modules/images/routes.js';
import { systemRoutes } from './modules/system/routes.js';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  secrets: Secrets;
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
  /** Serve the built client (off for API tests). */
  serveClient?: boolean;
  /** Told of every route as it is registered (tests check that each non-public one needs the admin). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.LOG_LEVEL } : false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  app.decorate('deps', deps);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // SPEC §7 sends POST /api/products/{id}/view with a JSON content type and an empty body: read that as
  // no body rather than refusing it; routes with a body schema still answer 400 for a missing one.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON.'), undefined);
    }
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
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  await app.register(fastifyMultipart, { throwFileSizeLimit: true });

  await app.register(systemRoutes);
  await app.register(catalogRoutes);
  await app.register(imageRoutes);
  await app.register(adminAuthRoutes);
  await app.register(adminCatalogRoutes);

  const clientDir = options.serveClient === false ? undefined : findClientDir();
  if (clientDir) await registerClient(app, clientDir);
  return app;
}

/** The built SPA: hashed assets cached for a year, index.html for every other page route. */
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
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url.startsWith('/images/')) {
      return reply.code(404).send({ error: `No such endpoint: ${request.method} ${url}.` });
    }
    const file = path.join(clientDir, url);
    if (file.startsWith(clientDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(clientDir, file));
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
