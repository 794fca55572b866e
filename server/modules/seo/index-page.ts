import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { withHead } from './head.js';
import { publicOrigin } from './origin.js';
import { pageHead } from './page-head.js';

/**
 * The SPA's index.html for one request, its head written for the page asked for, so crawlers and link
 * previews read the title, description, Open Graph and JSON-LD without running JavaScript.
 */
export function indexPageRenderer(deps: Pick<AppDeps, 'db' | 'config'>, template: string) {
  return async (request: FastifyRequest): Promise<string> =>
    withHead(template, await pageHead(deps.db, request.url, publicOrigin(deps.config, request)));
}
