// The storefront's first load: the entry chunk with everything it imports statically, and the home route's chunk with
// its static imports (the router loads it at once for `/`, and the server preloads it there). Gzip sizes, from the
// Vite manifest.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

/** The home route's module, its chunk's key in the manifest (the server finds it the same way, spa/index-page.ts). */
const HOME_ROUTE_SOURCE = 'src/app/routes/home-page.tsx';

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
  walk(HOME_ROUTE_SOURCE);
  const files = [...seen].map((key) => manifest[key].file);
  const css = [...seen].flatMap((key) => manifest[key].css ?? []);
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const js = files.reduce((sum, f) => sum + gz(f), 0);
  const adminInEntry = files.some((f) => /admin|dashboard|categories-page|products-page|toppings/.test(f));
  return { jsGzipBytes: js, cssGzipBytes: css.reduce((s, f) => s + gz(f), 0), files: files.length, adminInEntry };
}
