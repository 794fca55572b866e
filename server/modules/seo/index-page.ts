import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app.js';
import { Precompressed } from '../../http/precompressed.js';
import { StateCache } from '../catalog/index.js';
import { withFirstView, type OverviewReader } from './first-view.js';
import { withHead } from './head.js';
import { publicOrigin } from './origin.js';
import { pageHead, shopFirstViewAt } from './page-head.js';

export interface IndexPage {
  /** The page's HTML, sent as it is or in a coding the browser accepts. */
  body: Precompressed;
  /**
   * A shop page's tag: the template (a new build) and the catalogue state of the overview it embeds
   * (a new version or views window). Other pages have none: a product's head is read fresh each time.
   */
  etag?: string;
}

/** Reads the catalogue state a shop's overview answers in now (catalog/freshness.ts). */
export type CatalogStateReader = (shop: string) => Promise<string>;

/** Rendered shop pages one app process keeps: a handful of shops times the origins they are asked at. */
const SHOP_PAGE_CACHE_SIZE = 8 * 1024 * 1024;

/**
 * The SPA's index.html for one request, its head written for the page asked for, so crawlers and link
 * previews read the title, description, Open Graph and JSON-LD without running JavaScript. A shop page
 * also carries its first view (first-view.ts). Without a readable overview the page is sent without it:
 * the script then fetches it as it would anyway.
 *
 * A shop page (its default view) depends only on the shop, the origin its links use and the catalogue
 * state of the overview it embeds, so it is made once per state and kept, with its compressed copies:
 * made for every visit it cost about ten times a catalogue answer (bench/README.md, bench:http).
 */
export function indexPageRenderer(
  deps: Pick<AppDeps, 'db' | 'config'>,
  template: string,
  readOverview: OverviewReader,
  readState: CatalogStateReader,
) {
  const templateTag = crypto.createHash('sha256').update(template).digest('base64url').slice(0, 16);
  const shopPages = new StateCache<Required<IndexPage>>(SHOP_PAGE_CACHE_SIZE, (page) => page.body.size);
  const page = (html: string, etag?: string) => ({
    body: new Precompressed(Buffer.from(html)),
    ...(etag ? { etag } : {}),
  });

  return async (request: FastifyRequest): Promise<IndexPage> => {
    const origin = publicOrigin(deps.config, request);
    const head = () => pageHead(deps.db, request.url, origin);
    const shop = shopFirstViewAt(request.url);
    if (!shop) return page(withHead(template, await head()));
    try {
      // Kept under the state read first; a write landing before the overview is read only makes the
      // page newer than its key, which no later request (reading that write's state or a later one) matches.
      return await shopPages.get(`${shop.key} ${origin}`, await readState(shop.key), async () => {
        const overview = await readOverview(shop.key);
        const state = overview.etag.replace(/^W\//, '').replace(/"/g, '');
        const html = withFirstView(withHead(template, await head()), shop, overview.json);
        return page(html, `W/"${templateTag}.${shop.key}.${state}"`) as Required<IndexPage>;
      });
    } catch (error) {
      request.log.warn({ err: error }, 'The shop page is sent without its first view.');
      return page(withHead(template, await head()));
    }
  };
}
