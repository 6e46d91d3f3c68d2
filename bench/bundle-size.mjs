// The storefront's first load: the entry chunk, everything it imports statically, the app's start-up chunk (named
// 'app', which the entry imports once the page is painted and index.html preloads), and the home route's chunk
// with its static imports (the router loads it at once for `/`). Gzip sizes, from the Vite manifest.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

export function measureFirstLoad(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const entries = Object.entries(manifest);
  const entryKey = entries.find(([, c]) => c.isEntry)?.[0];
  // The web build names the home route's chunk 'home' (apps/web/vite.config.ts); the server finds it the same way.
  const homeKey = entries.find(([, c]) => c.name === 'home')?.[0];
  const appKey = entries.find(([, c]) => c.name === 'app' && !c.isEntry)?.[0];
  const seen = new Set();
  const walk = (key) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) walk(dep);
  };
  walk(entryKey);
  walk(appKey);
  walk(homeKey);
  const files = [...seen].map((key) => manifest[key].file);
  const css = [...seen].flatMap((key) => manifest[key].css ?? []);
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const js = files.reduce((sum, f) => sum + gz(f), 0);
  const adminInEntry = files.some((f) => /admin|dashboard|categories-page|products-page|toppings/.test(f));
  return { jsGzipBytes: js, cssGzipBytes: css.reduce((s, f) => s + gz(f), 0), files: files.length, adminInEntry };
}
