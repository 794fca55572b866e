import { NAV_ORDER, SHOPS } from '../../../shared/shops.js';

/** Pages about one buyer or one payment (client/routes.tsx): nothing there for a search engine. */
const PRIVATE_PATHS = ['/account', '/chats', '/chat/', '/orders', '/pay/', '/success', '/cancel'];

/** /robots.txt: shops and product images open; the API, admin, account, chat and payment pages closed. */
export function robotsTxt(origin: string): string {
  const closed = ['/api/', ...NAV_ORDER.map((key) => SHOPS[key].adminRoute), ...PRIVATE_PATHS];
  return [
    'User-agent: *',
    'Allow: /',
    ...closed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
