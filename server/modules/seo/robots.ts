import { NAV_ORDER, SHOPS } from '../../../shared/shops.js';

/** Pages about one buyer or one payment (client/routes.tsx): nothing there for a search engine. */
const PRIVATE_PATHS = ['/account', '/chats', '/chat/', '/orders', '/pay/', '/success', '/cancel'];

/**
 * /robots.txt: shops and product images open; the API, admin, account, chat and payment pages closed.
 * Every Disallow comes before the one Allow: a first-match reader (Python's urllib.robotparser, the
 * original 1994 rules) stops at the first line that matches, a longest-match reader (RFC 9309, Google)
 * takes the longest, and in this order both close the same paths.
 */
export function robotsTxt(origin: string): string {
  const closed = ['/api/', ...NAV_ORDER.map((key) => SHOPS[key].adminRoute), ...PRIVATE_PATHS];
  return [
    'User-agent: *',
    ...closed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
