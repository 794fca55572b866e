import { useEffect, useState } from 'react';
import { SITE_NAME } from '../../shared/shops.js';

/**
 * The server writes the landing page's own <title> (server/modules/seo): a product's, a shop's. Pages
 * that render a <title> replace it (React puts theirs first), but once the app has moved to another
 * page, one that renders none (admin, chats, not found) would still show the landing page's: from then
 * on the server's title is the site's name.
 */
export function useForgetLandingTitle(pathname: string): void {
  // Read on the first render, before any page's <title> is in the head.
  const [landing] = useState(() => ({ pathname, title: document.querySelector('head > title') }));
  useEffect(() => {
    if (pathname !== landing.pathname && landing.title) landing.title.textContent = SITE_NAME;
  }, [pathname, landing]);
}
