// `npm run serve`: starts the production build already in dist/, without building (`npm start` builds
// first). The server reads its configuration from the environment as always (docs/configuration.md).
import fs from 'node:fs';

if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/client/index.html')) {
  console.error(
    'There is no production build in dist/: run `npm run build` first (or `npm start`, which builds and serves).',
  );
  process.exit(1);
}
await import('../dist/server/main.js');
