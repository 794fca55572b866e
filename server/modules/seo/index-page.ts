import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { withFirstView, type OverviewReader } from './first-view.js';
import { withHead } from './head.js';
import { publicOrigin } from './origin.js';
import { pageHead, shopFirstViewAt } from './page-head.js';

export interface IndexPage {
  html: string;
  /**
   * A shop page's tag: the template (a new build) and the catalogue state of the overview it embeds
   * (a new version or views window). Other pages have none: a product's head is read fresh each time.
   */
  etag?: string;
}

/**
 * The SPA's index.html for one request, its head written for the page asked for, so crawlers and link
 * previews read the title, description, Open Graph and JSON-LD without running JavaScript. A shop page
 * also carries its first view (first-view.ts). Without a readable overview the page is sent without it:
 * the script then fetches it as it would anyway.
 */
export function indexPageRenderer(
  deps: Pick<AppDeps, 'db' | 'config'>,
  template: string,
  readOverview: OverviewReader,
) {
  const templateTag = crypto.createHash('sha256').update(template).digest('base64url').slice(0, 16);
  return async (request: FastifyRequest): Promise<IndexPage> => {
    const html = withHead(template, await pageHead(deps.db, request.url, publicOrigin(deps.config, request)));
    const shop = shopFirstViewAt(request.url);
    if (!shop) return { html };
    try {
      const overview = await readOverview(shop.key);
      const state = overview.etag.replace(/^W\//, '').replace(/"/g, '');
      return {
        html: withFirstView(html, shop, overview.json),
        etag: `W/"${templateTag}.${shop.key}.${state}"`,
      };
    } catch (error) {
      request.log.warn({ err: error }, 'The shop page is sent without its first view.');
      return { html };
    }
  };
}
