/**
 * The files the service worker precaches (decision 1101), chosen when the web app is built (vite.config.ts): the
 * storefront's first load, i.e. the entry chunk and what it imports after the first paint (the app's start and the home
 * route), with their static imports and their styles, the same set bench/bundle-size.mjs measures;
 * plus the offline page and its script (and the web app manifest and its icons, which vite-plugin-pwa adds). Not every chunk: a customer's phone would download
 * the whole back office (and every screen it never opens) on its first visit. Lazy chunks stay in the browser's
 * HTTP cache (their names carry their content's hash; the server lets them be kept a year).
 */

/** A chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ViteManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The modules the entry (src/main.tsx) imports once the page is painted: their chunks' keys in the manifest. */
const FIRST_LOAD_SOURCES = ['src/app/start.tsx', 'src/app/routes/home-page.tsx'];

/**
 * Files of dist/ outside assets/ that the worker precaches (from apps/web/public). vite-plugin-pwa adds the web app
 * manifest and its icons.
 */
export const SHELL_STATIC_FILES: readonly string[] = ['offline.html', 'offline.js'];

/** The storefront's first-load files, as paths under dist/ ('assets/app-abc.js'). */
export function firstLoadFiles(manifest: Record<string, ViteManifestChunk>): Set<string> {
  const roots = [...Object.keys(manifest).filter((key) => manifest[key]?.isEntry), ...FIRST_LOAD_SOURCES];
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const key of roots) walk(key);
  return files;
}

/** Whether the worker precaches a file of dist/ that its glob found: any file outside assets/, a first-load one within. */
export function isPrecached(file: string, firstLoad: ReadonlySet<string>): boolean {
  return !file.startsWith('assets/') || firstLoad.has(file);
}
