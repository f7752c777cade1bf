// Fails when the JavaScript a first visit to /create downloads (the entry script and the chunks
// index.html preloads) exceeds the budget, gzipped. Lazily loaded chunks (viewer, editor, Generate
// panel, scene detail) are not counted: they load on first use.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const BUDGET_BYTES = 300 * 1024;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((match) => match[1]);
if (files.length === 0) throw new Error('no scripts found in dist/index.html');

let total = 0;
for (const file of new Set(files)) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  initial JavaScript, gzipped (budget ${BUDGET_BYTES / 1024} kB)`);
if (total > BUDGET_BYTES) {
  console.error('error: the initial JavaScript is over budget; lazy-load what the first view does not need');
  process.exit(1);
}
