// What a shop page ships (docs/architecture.md §9: at most ~100 KB of gzipped JavaScript). Run after `npm run build`:
// node bench/bundle-size.mjs [distDir]. Counts the entry script and everything index.html preloads.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = process.argv[2] ?? 'dist/client';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
let jsTotal = 0;
let cssTotal = 0;
for (const ref of refs) {
  const bytes = fs.readFileSync(path.join(dist, ref));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  if (ref.endsWith('.js')) jsTotal += gz;
  if (ref.endsWith('.css')) cssTotal += gz;
  console.log(
    `${ref.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(8)} KB  gzip ${(gz / 1024).toFixed(1).padStart(7)} KB`,
  );
}
const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !refs.includes(`/assets/${f}`));
console.log(
  `shop route: ${(jsTotal / 1024).toFixed(1)} KB gzipped JS, ${(cssTotal / 1024).toFixed(1)} KB gzipped CSS`,
);
console.log(`${lazy.length} lazy chunks load only when their screen opens`);
