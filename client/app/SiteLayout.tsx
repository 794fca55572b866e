import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from './router.js';
import { ChatMount } from '../chat/ChatMount.js';
import { AnimatedBackground } from '../ui/AnimatedBackground.js';
import { Footer } from '../ui/Footer.js';
import { Marquee } from '../ui/Marquee.js';
import { PageLoading } from './PageLoading.js';
import { useForgetLandingTitle } from './useForgetLandingTitle.js';

/** The frame around every page: background, disclosure marquee, the page, footer, the floating chat. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0); // Braces matter: newer Chromium returns a promise here, and effects must return nothing.
  }, [pathname]);
  useForgetLandingTitle(pathname);

  return (
    <>
      <AnimatedBackground />
      <Marquee />
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
      <Footer />
      <ChatMount />
    </>
  );
}
