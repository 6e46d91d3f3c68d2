// The storefront's first load: the entry chunk, and what it imports once the page is painted, the app's start
// (app/start.tsx) and on `/` the home route, each with everything it imports statically. Gzip sizes, from the Vite
// manifest.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

/** The modules the entry imports after the first paint: their chunks' keys in the manifest. */
const FIRST_LOAD_SOURCES = ['src/app/start.tsx', 'src/app/routes/home-page.tsx'];

export function measureFirstLoad(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entryKey = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  const seen = new Set();
  const walk = (key) => {
    if (!key || !manifest[key] || seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  walk(entryKey);
  for (const key of FIRST_LOAD_SOURCES) walk(key);
  const files = [...seen].map((key) => manifest[key].file);
  const css = [...seen].flatMap((key) => manifest[key].css ?? []);
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const js = files.reduce((sum, f) => sum + gz(f), 0);
  const adminInEntry = files.some((f) => /admin|dashboard|categories-page|products-page|toppings/.test(f));
  return { jsGzipBytes: js, cssGzipBytes: css.reduce((s, f) => s + gz(f), 0), files: files.length, adminInEntry };
}
