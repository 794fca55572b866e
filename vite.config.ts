import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react()],
  resolve: {
    alias: {
      'use-sync-external-store/shim/index.js': fileURLToPath(
        new URL('./client/app/useSyncExternalStoreShim.ts', import.meta.url),
      ),
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Maps are written for error trackers, but the bundles do not point to them and the server does not
    // serve them in production (server/plugins/client-files.ts), so visitors do not get the original sources.
    sourcemap: 'hidden',
    // Every browser the shop supports has <link rel="modulepreload">: the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first view needs in one chunk, compressed as one: left to itself the bundler
        // splits off the modules lazy screens share too (React's runtime, the fetch helper, query
        // hooks), and five small files gzip to more than one.
        codeSplitting: { groups: [{ name: 'shop', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
