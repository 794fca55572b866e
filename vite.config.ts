import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * V8's explicit compile hint (Chrome 136+; other engines ignore a comment): the first line
 * `//# allFunctionsCalledOnLoad` has every function of the first-view chunk compiled while it streams in,
 * on a background thread, instead of each on the main thread when first called. Nearly all of that chunk
 * (React DOM, the query client, the shop engine) runs before the first paint (issue 21, bench/README.md).
 * Added last, after Vite's own first line, with the source map moved down one line to match.
 */
function compileHintForEntry(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'compile-hint-for-entry',
    enforce: 'post',
    apply: 'build',
    // On the written files: Vite puts its own first line (the lazy chunks' preload list) in place as late
    // as its generateBundle, after any plugin's.
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        const codePath = path.join(options.dir ?? '', file.fileName);
        fs.writeFileSync(codePath, HINT + fs.readFileSync(codePath, 'utf8'));
        const mapPath = `${codePath}.map`;
        if (!fs.existsSync(mapPath)) continue;
        const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as { mappings: string };
        map.mappings = `;${map.mappings}`;
        fs.writeFileSync(mapPath, JSON.stringify(map));
      }
    },
  };
}

export default defineConfig({
  root: 'client',
  publicDir: false,
  plugins: [react(), compileHintForEntry()],
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
