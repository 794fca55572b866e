import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The origin absolute URLs (canonical, og:url, sitemaps) start with: PUBLIC_URL when set, else the
 * address the visitor used (behind a proxy its forwarded protocol and host, under TRUST_PROXY).
 */
export function publicOrigin(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host || 'localhost'}`;
}
