/**
 * The overview a shop page's HTML carries (server/modules/seo/first-view.ts): what GET
 * /api/catalog/overview answers for the shop's default view, embedded so the first view needs no
 * request. Taken once, by the first overview query, and only if that query asks for exactly what was
 * embedded (a visitor whose saved view has a search or a sort asks for something else and fetches).
 */
import { INITIAL_OVERVIEW_ELEMENT_ID } from '../../shared/constants.js';
import type { CatalogOverview } from '../../shared/schemas/catalog.js';
import type { CatalogOverviewParams } from './catalogOverview.js';

let taken = false;

/** The embedded overview for `params`, or undefined; after the first call the element is gone either way. */
export function takeInitialOverview(params: CatalogOverviewParams): CatalogOverview | undefined {
  if (taken || typeof document === 'undefined') return undefined;
  taken = true;
  const element = document.getElementById(INITIAL_OVERVIEW_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  const embedded = element.dataset.shop === params.shop && params.q === '' && params.sort === undefined;
  if (!embedded || !element.textContent) return undefined;
  try {
    // Validated by the server's response schema before it was embedded, as a fetched answer would be.
    return JSON.parse(element.textContent) as CatalogOverview;
  } catch {
    return undefined;
  }
}

/** The embedded data is as fresh as the page: it was read when the server answered the navigation. */
export function pageLoadedAt(): number {
  return Math.round(performance.timeOrigin);
}
