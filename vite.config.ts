import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Maps are written for error trackers, but the bundles do not point to them and the server does not
    // serve them in production (server/app.ts), so visitors do not get the original sources.
    sourcemap: 'hidden',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
