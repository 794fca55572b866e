// No zod here: every schema module configures it first (shared/zodConfig.ts), and the shop bundle builds
// no schema, so importing zod up front would only ship its runtime to every visitor.
import './ui/applyInitialTheme.js';
import './ui/global.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { publicConfigQueryOptions } from './endpoints/config.js';
import { AppRoutes } from './routes.js';
import { AuthProvider } from './session/AuthContext.js';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});
// The retailer name labels every buy button; ask for it before the first render.
void queryClient.prefetchQuery(publicConfigQueryOptions);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

// A transition, so React renders the first view in slices of a few milliseconds and lets the browser
// run between them; a plain render() is one task for the whole tree, hundreds of milliseconds on a slow
// phone (issue 21). The commit that shows it stays one task, but a small one.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
